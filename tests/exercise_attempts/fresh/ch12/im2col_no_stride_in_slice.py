# EXERCISE 12.im2col
# expect: incorrect: the output size uses the stride, the patches do not
def im2col(x, kh, kw, stride=1):
    N, C, H, W = x.shape
    Ho, Wo = (H - kh) // stride + 1, (W - kw) // stride + 1
    cols = np.zeros((N, C * kh * kw, Ho * Wo), dtype=x.dtype)
    for n in range(N):
        for i in range(Ho):
            for j in range(Wo):
                cols[n, :, i * Wo + j] = x[n, :, i:i + kh, j:j + kw].reshape(-1)
    return cols
