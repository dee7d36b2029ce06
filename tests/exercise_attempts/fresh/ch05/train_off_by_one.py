# EXERCISE 05.train
# expect: incorrect: one epoch too many
def train(loss_fn, optimizer, epochs):
    losses = []
    for _ in range(epochs + 1):
        optimizer.zero_grad()
        loss = loss_fn()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses
