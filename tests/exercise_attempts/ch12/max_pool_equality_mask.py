# EXERCISE 12.max_pool
# expect: mistake: max_pool_all_ties
# Marks every element equal to its window's maximum.
def max_pool2d(x, k):
    X = x.data
    N, C, H, W = X.shape
    Ho, Wo = H // k, W // k
    cropped = X[:, :, :Ho * k, :Wo * k]
    out = cropped.reshape(N, C, Ho, k, Wo, k).max(axis=(3, 5))
    up = np.repeat(np.repeat(out, k, axis=2), k, axis=3)
    mask = (cropped == up).astype(float)

    def backward(g):
        grad = np.zeros_like(X)
        grad[:, :, :Ho * k, :Wo * k] = np.repeat(np.repeat(g, k, axis=2), k, axis=3) * mask
        return (grad,)

    return record(out, (x,), backward, "max_pool2d")
