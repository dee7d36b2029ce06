# EXERCISE 12.max_pool
# expect: incorrect: tuple
# backward returns the gradient itself, not a one-item tuple.
def max_pool2d(x, k):
    X = x.data
    N, C, H, W = X.shape
    Ho, Wo = H // k, W // k
    w = X[:, :, :Ho * k, :Wo * k].reshape(N, C, Ho, k, Wo, k)
    w = w.transpose(0, 1, 2, 4, 3, 5).reshape(N, C, Ho, Wo, k * k)
    where = w.argmax(-1)

    def backward(g):
        s = np.zeros((N, C, Ho, Wo, k * k))
        np.put_along_axis(s, where[..., None], g[..., None], axis=-1)
        s = s.reshape(N, C, Ho, Wo, k, k).transpose(0, 1, 2, 4, 3, 5)
        grad = np.zeros((N, C, H, W))
        grad[:, :, :Ho * k, :Wo * k] = s.reshape(N, C, Ho * k, Wo * k)
        return grad

    return record(w.max(-1), (x,), backward, "max_pool2d")
