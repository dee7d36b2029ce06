# EXERCISE 05.train
# expect: incorrect: default
# A mutable default argument for the list of losses: the second call keeps the first's.
def train(loss_fn, optimizer, epochs, losses=[]):
    for _ in range(epochs):
        optimizer.zero_grad()
        loss = loss_fn()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses
