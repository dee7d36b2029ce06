# EXERCISE 12.conv2d_loops
# expect: incorrect: 3×2
# A typo: the patch is kh wide as well as kh high; right for square kernels only.
def conv2d_loops(x, weight, bias):
    N, C, H, W = x.shape
    O, _, kh, kw = weight.shape
    out = np.zeros((N, O, H - kh + 1, W - kw + 1))
    for n in range(N):
        for o in range(O):
            for i in range(H - kh + 1):
                for j in range(W - kw + 1):
                    patch = x[n, :, i:i + kh, j:j + kh]
                    out[n, o, i, j] = np.sum(patch * weight[o][:, :, :patch.shape[2]]) + bias[o]
    return out
