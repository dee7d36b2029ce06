# EXERCISE 12.im2col
# expect: incorrect: assumes kw == kh
def im2col(x, kh, kw, stride=1):
    N, C, H, W = x.shape
    k = kh
    Ho, Wo = (H - k) // stride + 1, (W - k) // stride + 1
    cols = np.zeros((N, C * k * k, Ho * Wo), dtype=x.dtype)
    for n in range(N):
        for i in range(Ho):
            for j in range(Wo):
                cols[n, :, i * Wo + j] = x[n, :, i * stride:i * stride + k, j * stride:j * stride + k].reshape(-1)
    return cols
