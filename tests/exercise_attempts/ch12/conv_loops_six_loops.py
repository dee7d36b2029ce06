# EXERCISE 12.conv2d_loops
# expect: correct
# Every sum written out: six nested loops (plus the output position).
def conv2d_loops(x, weight, bias):
    N, C, H, W = x.shape
    O, _, kh, kw = weight.shape
    out = np.zeros((N, O, H - kh + 1, W - kw + 1))
    for n in range(N):
        for o in range(O):
            for i in range(H - kh + 1):
                for j in range(W - kw + 1):
                    total = bias[o]
                    for c in range(C):
                        for p in range(kh):
                            for q in range(kw):
                                total += x[n, c, i + p, j + q] * weight[o, c, p, q]
                    out[n, o, i, j] = total
    return out
