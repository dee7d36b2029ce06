# EXERCISE 07.fit
# expect: incorrect: ignores the seed argument
def fit(model, loss, optimizer, X, Y, epochs, batch_size, seed=0):
    rng = np.random.default_rng(0)
    history = []
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
        history.append(total / len(X))
    return history
