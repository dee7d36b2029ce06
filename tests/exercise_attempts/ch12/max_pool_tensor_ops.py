# EXERCISE 12.max_pool
# expect: incorrect: one recorded op
# Right numbers through autograd, but built from Tensor ops instead of one record call.
def max_pool2d(x, k):
    N, C, H, W = x.shape
    Ho, Wo = H // k, W // k
    windows = x[:, :, :Ho * k, :Wo * k].reshape(N, C, Ho, k, Wo, k)
    return windows.max(dim=5).values.max(dim=3).values
