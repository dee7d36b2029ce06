# EXERCISE 12.max_pool
# expect: incorrect: backward multiplies the saved mask in place
def max_pool2d(x, k):
    X = x.data
    N, C, H, W = X.shape
    Ho, Wo = H // k, W // k
    win = X[:, :, :Ho * k, :Wo * k].reshape(N, C, Ho, k, Wo, k).transpose(0, 1, 2, 4, 3, 5)
    win = win.reshape(N, C, Ho, Wo, k * k)
    arg = win.argmax(axis=-1)
    onehot = np.zeros((N, C, Ho, Wo, k * k))
    np.put_along_axis(onehot, arg[..., None], 1.0, axis=-1)
    out = win.max(axis=-1)

    def backward(g):
        np.multiply(onehot, g[..., None], out=onehot)
        gw = onehot.reshape(N, C, Ho, Wo, k, k).transpose(0, 1, 2, 4, 3, 5).reshape(N, C, Ho * k, Wo * k)
        full = np.zeros((N, C, H, W))
        full[:, :, :Ho * k, :Wo * k] = gw
        return (full,)

    return record(out, (x,), backward, "max_pool2d")
