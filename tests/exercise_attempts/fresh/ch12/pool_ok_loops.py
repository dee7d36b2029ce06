# EXERCISE 12.max_pool
# expect: correct
def max_pool2d(x, k):
    X = x.data
    N, C, H, W = X.shape
    Ho, Wo = H // k, W // k
    out = np.empty((N, C, Ho, Wo))
    where = {}
    for n in range(N):
        for c in range(C):
            for i in range(Ho):
                for j in range(Wo):
                    window = X[n, c, i * k:(i + 1) * k, j * k:(j + 1) * k]
                    flat = int(np.argmax(window))          # first maximum in reading order
                    out[n, c, i, j] = window.flat[flat]
                    where[(n, c, i, j)] = (i * k + flat // k, j * k + flat % k)

    def backward(g):
        dx = np.zeros((N, C, H, W))
        for (n, c, i, j), (r, s) in where.items():
            dx[n, c, r, s] += g[n, c, i, j]
        return (dx,)

    return record(out, (x,), backward, "max_pool2d")
