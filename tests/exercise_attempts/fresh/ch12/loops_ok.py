# EXERCISE 12.conv2d_loops
# expect: correct
def conv2d_loops(x, weight, bias):
    N, C, H, W = x.shape
    O, _, kh, kw = weight.shape
    Ho, Wo = H - kh + 1, W - kw + 1
    out = np.zeros((N, O, Ho, Wo))
    for n in range(N):
        for o in range(O):
            for i in range(Ho):
                for j in range(Wo):
                    out[n, o, i, j] = np.sum(x[n, :, i:i + kh, j:j + kw] * weight[o]) + bias[o]
    return out
