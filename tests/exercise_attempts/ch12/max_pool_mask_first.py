# EXERCISE 12.max_pool
# expect: correct
# A one-hot mask built from the first maximum of each window, then np.repeat for backward.
def max_pool2d(x, k):
    X = x.data
    N, C, H, W = X.shape
    Ho, Wo = H // k, W // k
    blocks = X[:, :, :Ho * k, :Wo * k].reshape(N, C, Ho, k, Wo, k).swapaxes(3, 4)
    flat = blocks.reshape(N, C, Ho, Wo, k * k)
    mask = np.eye(k * k)[flat.argmax(axis=-1)]             # (N, C, Ho, Wo, k*k), one-hot
    mask = mask.reshape(N, C, Ho, Wo, k, k).swapaxes(3, 4).reshape(N, C, Ho * k, Wo * k)

    def backward(g):
        spread = np.repeat(np.repeat(g, k, axis=2), k, axis=3) * mask
        grad = np.zeros_like(X)
        grad[:, :, :Ho * k, :Wo * k] = spread
        return (grad,)

    return record(flat.max(axis=-1), (x,), backward, "max_pool2d")
