# EXERCISE 05.train
# expect: mistake: train_no_zero
def train(loss_fn, optimizer, epochs):
    losses = []
    for _ in range(epochs):
        loss = loss_fn()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses
