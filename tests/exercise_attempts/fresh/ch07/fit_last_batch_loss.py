# EXERCISE 07.fit
# expect: incorrect: the epoch's loss is its last batch's
def fit(model, loss, optimizer, X, Y, epochs, batch_size, seed=0):
    rng = np.random.default_rng(seed)
    history = []
    for _ in range(epochs):
        order = rng.permutation(len(X))
        for start in range(0, len(X), batch_size):
            idx = order[start:start + batch_size]
            pred, backward = model.forward(X[idx])
            value, dloss = loss(pred, Y[idx])
            backward(dloss)
            optimizer.step()
        history.append(value)
    return history
