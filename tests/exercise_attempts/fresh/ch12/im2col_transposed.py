# EXERCISE 12.im2col
# expect: incorrect: patches as rows (N, Ho*Wo, C*kh*kw)
def im2col(x, kh, kw, stride=1):
    N, C, H, W = x.shape
    Ho, Wo = (H - kh) // stride + 1, (W - kw) // stride + 1
    rows = np.zeros((N, Ho * Wo, C * kh * kw), dtype=x.dtype)
    for n in range(N):
        for i in range(Ho):
            for j in range(Wo):
                rows[n, i * Wo + j] = x[n, :, i * stride:i * stride + kh, j * stride:j * stride + kw].reshape(-1)
    return rows
