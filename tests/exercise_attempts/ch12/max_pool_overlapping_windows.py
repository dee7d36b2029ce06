# EXERCISE 12.max_pool
# expect: mistake: max_pool_overlapping
# Slides the window one pixel at a time, as a convolution does, instead of k pixels.
def max_pool2d(x, k):
    X = x.data
    N, C, H, W = X.shape
    Ho, Wo = H - k + 1, W - k + 1
    out = np.zeros((N, C, Ho, Wo))
    where = np.zeros((N, C, Ho, Wo, 2), dtype=int)
    for i in range(Ho):
        for j in range(Wo):
            win = X[:, :, i:i + k, j:j + k].reshape(N, C, -1)
            a = win.argmax(-1)
            out[:, :, i, j] = win.max(-1)
            where[:, :, i, j, 0] = i + a // k
            where[:, :, i, j, 1] = j + a % k
    def backward(g):
        grad = np.zeros_like(X)
        for n in range(N):
            for c in range(C):
                for i in range(Ho):
                    for j in range(Wo):
                        grad[n, c, where[n, c, i, j, 0], where[n, c, i, j, 1]] += g[n, c, i, j]
        return (grad,)
    return record(out, (x,), backward, "max_pool2d")
