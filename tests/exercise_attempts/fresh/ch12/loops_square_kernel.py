# EXERCISE 12.conv2d_loops
# expect: incorrect: assumes a square kernel (kw = kh)
def conv2d_loops(x, weight, bias):
    N, C, H, W = x.shape
    O, _, k, _ = weight.shape
    out = np.zeros((N, O, H - k + 1, W - k + 1))
    for n in range(N):
        for o in range(O):
            for i in range(H - k + 1):
                for j in range(W - k + 1):
                    out[n, o, i, j] = np.sum(x[n, :, i:i + k, j:j + k] * weight[o, :, :k, :k]) + bias[o]
    return out
