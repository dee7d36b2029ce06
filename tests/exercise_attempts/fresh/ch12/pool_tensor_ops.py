# EXERCISE 12.max_pool
# expect: incorrect: built from tensor ops (reshape, max), several nodes
def max_pool2d(x, k):
    N, C, H, W = x.shape
    Ho, Wo = H // k, W // k
    w = x[:, :, :Ho * k, :Wo * k].reshape(N, C, Ho, k, Wo, k).permute(0, 1, 2, 4, 3, 5)
    return w.reshape(N, C, Ho, Wo, k * k).max(-1).values
