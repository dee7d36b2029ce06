# EXERCISE 05.train
# expect: incorrect: computes the loss once and backpropagates the same graph every epoch
def train(loss_fn, optimizer, epochs):
    losses = []
    loss = loss_fn() if epochs else None
    for _ in range(epochs):
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses
