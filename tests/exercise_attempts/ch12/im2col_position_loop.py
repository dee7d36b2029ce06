# EXERCISE 12.im2col
# expect: correct
# One column per output position, filled by a loop over the positions.
def im2col(x, kh, kw, stride=1):
    N, C, H, W = x.shape
    Ho = (H - kh) // stride + 1
    Wo = (W - kw) // stride + 1
    cols = np.zeros((N, C * kh * kw, Ho * Wo))
    for i in range(Ho):
        for j in range(Wo):
            patch = x[:, :, i * stride:i * stride + kh, j * stride:j * stride + kw]
            cols[:, :, i * Wo + j] = patch.reshape(N, -1)
    return cols
