# EXERCISE 12.max_pool
# expect: incorrect: sends the gradient to every tied maximum
def max_pool2d(x, k):
    X = x.data
    N, C, H, W = X.shape
    Ho, Wo = H // k, W // k
    Xc = X[:, :, :Ho * k, :Wo * k]
    out = Xc.reshape(N, C, Ho, k, Wo, k).max(axis=(3, 5))
    mask = Xc == np.repeat(np.repeat(out, k, axis=2), k, axis=3)

    def backward(g):
        full = np.zeros((N, C, H, W))
        full[:, :, :Ho * k, :Wo * k] = mask * np.repeat(np.repeat(g, k, axis=2), k, axis=3)
        return (full,)

    return record(out, (x,), backward, "max_pool2d")
