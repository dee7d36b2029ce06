# EXERCISE 07.fit
# expect: incorrect: never shuffles
def fit(model, loss, optimizer, X, Y, epochs, batch_size, seed=0):
    history = []
    for _ in range(epochs):
        total = 0.0
        for start in range(0, len(X), batch_size):
            idx = np.arange(start, min(start + batch_size, len(X)))
            pred, backward = model.forward(X[idx])
            value, dloss = loss(pred, Y[idx])
            backward(dloss)
            optimizer.step()
            total += value * len(idx)
        history.append(total / len(X))
    return history
