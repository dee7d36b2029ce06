# EXERCISE 12.max_pool
# expect: incorrect: second time
# Reuses its saved mask as the output buffer of backward.
def max_pool2d(x, k):
    X = x.data
    N, C, H, W = X.shape
    Ho, Wo = H // k, W // k
    flat = X[:, :, :Ho * k, :Wo * k].reshape(N, C, Ho, k, Wo, k).swapaxes(3, 4) \
        .reshape(N, C, Ho, Wo, k * k)
    mask = np.zeros_like(flat)
    np.put_along_axis(mask, flat.argmax(axis=-1)[..., None], 1.0, axis=-1)

    def backward(g):
        mask[...] = mask * g[..., None]
        grad = np.zeros_like(X)
        grad[:, :, :Ho * k, :Wo * k] = mask.reshape(N, C, Ho, Wo, k, k).swapaxes(3, 4) \
            .reshape(N, C, Ho * k, Wo * k)
        return (grad,)

    return record(flat.max(axis=-1), (x,), backward, "max_pool2d")
