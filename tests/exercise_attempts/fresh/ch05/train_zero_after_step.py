# EXERCISE 05.train
# expect: incorrect: zeroes after the step, so leftover gradients spoil the first step
def train(loss_fn, optimizer, epochs):
    losses = []
    for _ in range(epochs):
        loss = loss_fn()
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        losses.append(loss.item())
    return losses
