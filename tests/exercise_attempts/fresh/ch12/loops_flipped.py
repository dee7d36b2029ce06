# EXERCISE 12.conv2d_loops
# expect: incorrect: flips the kernel (the mathematician's convolution)
def conv2d_loops(x, weight, bias):
    N, C, H, W = x.shape
    O, _, kh, kw = weight.shape
    out = np.zeros((N, O, H - kh + 1, W - kw + 1))
    k = weight[:, :, ::-1, ::-1]
    for n in range(N):
        for o in range(O):
            for i in range(H - kh + 1):
                for j in range(W - kw + 1):
                    out[n, o, i, j] = np.sum(x[n, :, i:i + kh, j:j + kw] * k[o]) + bias[o]
    return out
