# EXERCISE 12.max_pool
# expect: incorrect: reshapes straight to windows without moving the axes
def max_pool2d(x, k):
    X = x.data
    N, C, H, W = X.shape
    Ho, Wo = H // k, W // k
    win = X[:, :, :Ho * k, :Wo * k].reshape(N, C, Ho, Wo, k * k)
    arg = win.argmax(axis=-1)
    out = win.max(axis=-1)

    def backward(g):
        gw = np.zeros((N, C, Ho, Wo, k * k))
        np.put_along_axis(gw, arg[..., None], g[..., None], axis=-1)
        full = np.zeros((N, C, H, W))
        full[:, :, :Ho * k, :Wo * k] = gw.reshape(N, C, Ho * k, Wo * k)
        return (full,)

    return record(out, (x,), backward, "max_pool2d")
