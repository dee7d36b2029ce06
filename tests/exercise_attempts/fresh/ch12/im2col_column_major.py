# EXERCISE 12.im2col
# expect: incorrect: positions column by column
def im2col(x, kh, kw, stride=1):
    N, C, H, W = x.shape
    Ho, Wo = (H - kh) // stride + 1, (W - kw) // stride + 1
    cols = np.zeros((N, C * kh * kw, Ho * Wo), dtype=x.dtype)
    for n in range(N):
        for i in range(Ho):
            for j in range(Wo):
                patch = x[n, :, i * stride:i * stride + kh, j * stride:j * stride + kw]
                cols[n, :, j * Ho + i] = patch.reshape(-1)
    return cols
