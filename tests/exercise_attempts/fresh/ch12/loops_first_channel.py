# EXERCISE 12.conv2d_loops
# expect: incorrect: uses channel 0 only (right for one channel)
def conv2d_loops(x, weight, bias):
    N, C, H, W = x.shape
    O, _, kh, kw = weight.shape
    out = np.zeros((N, O, H - kh + 1, W - kw + 1))
    for n in range(N):
        for o in range(O):
            for i in range(H - kh + 1):
                for j in range(W - kw + 1):
                    out[n, o, i, j] = np.sum(x[n, 0, i:i + kh, j:j + kw] * weight[o, 0]) + bias[o]
    return out
