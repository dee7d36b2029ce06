# EXERCISE 05.train
# expect: correct
def train(loss_fn, optimizer, epochs):
    history = []
    epoch = 0
    while epoch < epochs:
        loss = loss_fn()
        history.append(float(loss.item()))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        epoch += 1
    return history
