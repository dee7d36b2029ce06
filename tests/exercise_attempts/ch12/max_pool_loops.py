# EXERCISE 12.max_pool
# expect: correct
# Plain loops over the windows; argmax of the flattened window picks the first maximum.
def max_pool2d(x, k):
    X = x.data
    N, C, H, W = X.shape
    Ho, Wo = H // k, W // k
    out = np.zeros((N, C, Ho, Wo))
    where = {}
    for n in range(N):
        for c in range(C):
            for i in range(Ho):
                for j in range(Wo):
                    window = X[n, c, i * k:(i + 1) * k, j * k:(j + 1) * k]
                    flat = int(np.argmax(window))
                    out[n, c, i, j] = window.flat[flat]
                    where[n, c, i, j] = (i * k + flat // k, j * k + flat % k)

    def backward(g):
        grad = np.zeros_like(X)
        for (n, c, i, j), (r, s) in where.items():
            grad[n, c, r, s] += g[n, c, i, j]
        return (grad,)

    return record(out, (x,), backward, "max_pool2d")
