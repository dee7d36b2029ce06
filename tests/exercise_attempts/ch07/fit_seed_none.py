# EXERCISE 07.fit
# expect: incorrect: without seed
# A seed of None by default: without a seed, the order is different on every run.
def fit(model, loss, optimizer, X, Y, epochs, batch_size, seed=None):
    rng = np.random.default_rng(seed)
    losses = []
    for _ in range(epochs):
        order = rng.permutation(len(X))
        total = 0.0
        for start in range(0, len(X), batch_size):
            idx = order[start:start + batch_size]
            pred, backward = model.forward(X[idx])
            value, dloss = loss(pred, Y[idx])
            backward(dloss)
            optimizer.step()
            total += value * len(idx)
        losses.append(total / len(X))
    return losses
