# EXERCISE 05.train
# expect: incorrect: keeps the loss tensors, not floats
def train(loss_fn, optimizer, epochs):
    losses = []
    for _ in range(epochs):
        optimizer.zero_grad()
        loss = loss_fn()
        loss.backward()
        optimizer.step()
        losses.append(loss)
    return losses
