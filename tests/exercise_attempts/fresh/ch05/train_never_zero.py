# EXERCISE 05.train
# expect: incorrect: never zeroes the gradients
def train(loss_fn, optimizer, epochs):
    losses = []
    for _ in range(epochs):
        loss = loss_fn()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses
