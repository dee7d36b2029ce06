# EXERCISE 05.train
# expect: correct
def train(loss_fn, optimizer, epochs):
    losses = []
    for _ in range(epochs):
        optimizer.zero_grad()
        loss = loss_fn()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses
