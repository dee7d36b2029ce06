# EXERCISE 12.conv2d_loops
# expect: incorrect: uses each kernel transposed (right only for symmetric kernels)
def conv2d_loops(x, weight, bias):
    N, C, H, W = x.shape
    O, _, kh, kw = weight.shape
    out = np.zeros((N, O, H - kw + 1, W - kh + 1))
    for n in range(N):
        for o in range(O):
            k = weight[o].transpose(0, 2, 1)
            for i in range(H - kw + 1):
                for j in range(W - kh + 1):
                    out[n, o, i, j] = np.sum(x[n, :, i:i + kw, j:j + kh] * k) + bias[o]
    return out
