# EXERCISE 12.conv2d_loops
# expect: correct
# Takes the output's dtype from NumPy's rules for mixing the image and the kernel.
def conv2d_loops(x, weight, bias):
    N, C, H, W = x.shape
    O, _, kh, kw = weight.shape
    out = np.empty((N, O, H - kh + 1, W - kw + 1), dtype=np.result_type(x, weight, bias))
    for n in range(N):
        for o in range(O):
            for i in range(out.shape[2]):
                for j in range(out.shape[3]):
                    out[n, o, i, j] = (x[n, :, i:i + kh, j:j + kw] * weight[o]).sum() + bias[o]
    return out
