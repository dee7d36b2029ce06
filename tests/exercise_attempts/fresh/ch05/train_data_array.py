# EXERCISE 05.train
# expect: incorrect: appends loss.data (a 0-d array), not a float
def train(loss_fn, optimizer, epochs):
    losses = []
    for _ in range(epochs):
        optimizer.zero_grad()
        loss = loss_fn()
        loss.backward()
        optimizer.step()
        losses.append(loss.data)
    return losses
