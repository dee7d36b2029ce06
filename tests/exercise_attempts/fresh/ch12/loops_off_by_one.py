# EXERCISE 12.conv2d_loops
# expect: incorrect: H - kh rows, one too few
def conv2d_loops(x, weight, bias):
    N, C, H, W = x.shape
    O, _, kh, kw = weight.shape
    out = np.zeros((N, O, H - kh, W - kw))
    for n in range(N):
        for o in range(O):
            for i in range(H - kh):
                for j in range(W - kw):
                    out[n, o, i, j] = np.sum(x[n, :, i:i + kh, j:j + kw] * weight[o]) + bias[o]
    return out
