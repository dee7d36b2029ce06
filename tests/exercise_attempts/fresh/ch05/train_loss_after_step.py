# EXERCISE 05.train
# expect: incorrect: records the loss after the step
def train(loss_fn, optimizer, epochs):
    losses = []
    for _ in range(epochs):
        optimizer.zero_grad()
        loss_fn().backward()
        optimizer.step()
        losses.append(loss_fn().item())
    return losses
