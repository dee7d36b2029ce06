# EXERCISE 12.conv2d_loops
# expect: mistake: conv_loops_flipped
# The textbook (mathematicians') convolution: the kernel turned by 180 degrees.
def conv2d_loops(x, weight, bias):
    N, C, H, W = x.shape
    O, _, kh, kw = weight.shape
    flipped = np.flip(weight, axis=(2, 3))
    out = np.zeros((N, O, H - kh + 1, W - kw + 1))
    for n in range(N):
        for o in range(O):
            for i in range(H - kh + 1):
                for j in range(W - kw + 1):
                    out[n, o, i, j] = (x[n, :, i:i + kh, j:j + kw] * flipped[o]).sum() + bias[o]
    return out
