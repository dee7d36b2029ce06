# EXERCISE 12.max_pool
# expect: mistake: max_pool_spread_evenly
def max_pool2d(x, k):
    X = x.data
    N, C, H, W = X.shape
    Ho, Wo = H // k, W // k
    out = X[:, :, :Ho * k, :Wo * k].reshape(N, C, Ho, k, Wo, k).max(axis=(3, 5))

    def backward(g):
        grad = np.zeros_like(X)
        grad[:, :, :Ho * k, :Wo * k] = np.repeat(np.repeat(g / (k * k), k, axis=2), k, axis=3)
        return (grad,)

    return record(out, (x,), backward, "max_pool2d")
