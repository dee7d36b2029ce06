# EXERCISE 12.conv2d_loops
# expect: incorrect: in place
# Right values, but it scales the input in place and back again, with rounding on the way.
def conv2d_loops(x, weight, bias):
    N, C, H, W = x.shape
    O, _, kh, kw = weight.shape
    x *= 3.0
    out = np.zeros((N, O, H - kh + 1, W - kw + 1))
    for n in range(N):
        for o in range(O):
            for i in range(H - kh + 1):
                for j in range(W - kw + 1):
                    out[n, o, i, j] = np.sum(x[n, :, i:i + kh, j:j + kw] * weight[o]) / 3 + bias[o]
    x /= 3.1
    return out
