# EXERCISE 12.max_pool
# expect: incorrect: the global `saved`
# Keeps where the maxima are in a global dict for the backward.
saved = {}


def max_pool2d(x, k):
    X = x.data
    N, C, H, W = X.shape
    Ho, Wo = H // k, W // k
    win = X[:, :, :Ho * k, :Wo * k].reshape(N, C, Ho, k, Wo, k).transpose(0, 1, 2, 4, 3, 5)
    win = win.reshape(N, C, Ho, Wo, k * k)
    saved["where"], saved["shape"] = win.argmax(axis=-1), (N, C, H, W)

    def backward(g):
        N, C, H, W = saved["shape"]
        spread = np.zeros((N, C, Ho, Wo, k * k))
        np.put_along_axis(spread, saved["where"][..., None], g[..., None], axis=-1)
        grad = np.zeros((N, C, H, W))
        grad[:, :, :Ho * k, :Wo * k] = spread.reshape(N, C, Ho, Wo, k, k).transpose(
            0, 1, 2, 4, 3, 5).reshape(N, C, Ho * k, Wo * k)
        return (grad,)

    return record(win.max(axis=-1), (x,), backward, "max_pool2d")
