# EXERCISE 12.max_pool
# expect: incorrect: first maximum
# Finds each maximum by searching the window backwards: on a tie the gradient goes to the
# last one in reading order, not the first.
def max_pool2d(x, k):
    X = x.data
    N, C, H, W = X.shape
    Ho, Wo = H // k, W // k
    w = X[:, :, :Ho * k, :Wo * k].reshape(N, C, Ho, k, Wo, k)
    w = w.transpose(0, 1, 2, 4, 3, 5).reshape(N, C, Ho, Wo, k * k)
    last = k * k - 1 - w[..., ::-1].argmax(-1)

    def backward(g):
        s = np.zeros((N, C, Ho, Wo, k * k))
        np.put_along_axis(s, last[..., None], g[..., None], axis=-1)
        s = s.reshape(N, C, Ho, Wo, k, k).transpose(0, 1, 2, 4, 3, 5)
        grad = np.zeros((N, C, H, W))
        grad[:, :, :Ho * k, :Wo * k] = s.reshape(N, C, Ho * k, Wo * k)
        return (grad,)

    return record(w.max(-1), (x,), backward, "max_pool2d")
