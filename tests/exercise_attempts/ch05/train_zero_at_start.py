# EXERCISE 05.train
# expect: correct
# Zeroes at the top of every epoch and keeps the loss with float().
def train(loss_fn, optimizer, epochs):
    history = []
    epoch = 0
    while epoch < epochs:
        optimizer.zero_grad()
        current = loss_fn()
        current.backward()
        optimizer.step()
        history.append(float(current.data))
        epoch += 1
    return history
