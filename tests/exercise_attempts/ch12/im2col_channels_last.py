# EXERCISE 12.im2col
# expect: mistake: im2col_channels_last
# Flattens each patch with the channel as the fastest-moving index.
def im2col(x, kh, kw, stride=1):
    N, C, H, W = x.shape
    Ho, Wo = (H - kh) // stride + 1, (W - kw) // stride + 1
    cols = np.zeros((N, C * kh * kw, Ho * Wo))
    for i in range(Ho):
        for j in range(Wo):
            patch = x[:, :, i * stride:i * stride + kh, j * stride:j * stride + kw]
            cols[:, :, i * Wo + j] = patch.transpose(0, 2, 3, 1).reshape(N, -1)
    return cols
