# EXERCISE 12.im2col
# expect: correct
def im2col(x, kh, kw, stride=1):
    N, C, H, W = x.shape
    Ho, Wo = (H - kh) // stride + 1, (W - kw) // stride + 1
    cols = np.empty((N, C, kh, kw, Ho, Wo), dtype=x.dtype)
    for p in range(kh):
        for q in range(kw):
            cols[:, :, p, q] = x[:, :, p:p + stride * (Ho - 1) + 1:stride, q:q + stride * (Wo - 1) + 1:stride]
    return cols.reshape(N, C * kh * kw, Ho * Wo)
