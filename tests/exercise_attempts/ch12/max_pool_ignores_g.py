# EXERCISE 12.max_pool
# expect: mistake: max_pool_ignores_g
def max_pool2d(x, k):
    X = x.data
    N, C, H, W = X.shape
    Ho, Wo = H // k, W // k
    flat = X[:, :, :Ho * k, :Wo * k].reshape(N, C, Ho, k, Wo, k).swapaxes(3, 4) \
        .reshape(N, C, Ho, Wo, k * k)
    first = flat.argmax(axis=-1)

    def backward(g):
        mask = np.zeros(flat.shape)
        np.put_along_axis(mask, first[..., None], 1.0, axis=-1)
        grad = np.zeros_like(X)
        grad[:, :, :Ho * k, :Wo * k] = mask.reshape(N, C, Ho, Wo, k, k).swapaxes(3, 4) \
            .reshape(N, C, Ho * k, Wo * k)
        return (grad,)

    return record(flat.max(axis=-1), (x,), backward, "max_pool2d")
