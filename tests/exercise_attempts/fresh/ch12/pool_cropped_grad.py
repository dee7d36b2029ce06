# EXERCISE 12.max_pool
# expect: incorrect: backward returns the cropped shape, not (N, C, H, W)
def max_pool2d(x, k):
    X = x.data
    N, C, H, W = X.shape
    Ho, Wo = H // k, W // k
    win = X[:, :, :Ho * k, :Wo * k].reshape(N, C, Ho, k, Wo, k).transpose(0, 1, 2, 4, 3, 5)
    win = win.reshape(N, C, Ho, Wo, k * k)
    arg = win.argmax(axis=-1)
    out = win.max(axis=-1)

    def backward(g):
        gw = np.zeros((N, C, Ho, Wo, k * k))
        np.put_along_axis(gw, arg[..., None], g[..., None], axis=-1)
        return (gw.reshape(N, C, Ho, Wo, k, k).transpose(0, 1, 2, 4, 3, 5).reshape(N, C, Ho * k, Wo * k),)

    return record(out, (x,), backward, "max_pool2d")
