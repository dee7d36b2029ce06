# EXERCISE 12.conv2d_loops
# expect: incorrect: NumPy array
def conv2d_loops(x, weight, bias):
    N, C, H, W = x.shape
    O, _, kh, kw = weight.shape
    return [[[[float(np.sum(x[n, :, i:i + kh, j:j + kw] * weight[o]) + bias[o])
               for j in range(W - kw + 1)] for i in range(H - kh + 1)]
             for o in range(O)] for n in range(N)]
