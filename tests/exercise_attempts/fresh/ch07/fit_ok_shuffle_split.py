# EXERCISE 07.fit
# expect: correct
def fit(model, loss, optimizer, X, Y, epochs, batch_size, seed=0):
    rng = np.random.default_rng(seed)
    out = []
    n = len(X)
    for epoch in range(epochs):
        order = np.arange(n)
        rng.shuffle(order)                 # the same draw as rng.permutation(n)
        pieces = np.array_split(order, range(batch_size, n, batch_size))
        losses, sizes = [], []
        for idx in pieces:
            p, back = model(X[idx])
            v, g = loss(p, Y[idx])
            back(g)
            optimizer.step()
            losses.append(v)
            sizes.append(len(idx))
        out.append(float(np.average(losses, weights=sizes)))
    return out
