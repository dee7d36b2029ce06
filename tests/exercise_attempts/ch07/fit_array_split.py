# EXERCISE 07.fit
# expect: correct
# Batches cut with np.array_split on the index positions; weights collected in a list.
def fit(model, loss, optimizer, X, Y, epochs, batch_size, seed=0):
    rng = np.random.default_rng(seed)
    n = len(X)
    cuts = list(range(batch_size, n, batch_size))
    out = []
    for epoch in range(epochs):
        perm = rng.permutation(n)
        values, sizes = [], []
        for idx in np.split(perm, cuts):
            pred, back = model(X[idx])
            v, d = loss(pred, Y[idx])
            back(d)
            optimizer.step()
            values.append(v)
            sizes.append(len(idx))
        out.append(float(np.average(values, weights=sizes)))
    return out
