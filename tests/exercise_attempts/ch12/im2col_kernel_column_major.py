# EXERCISE 12.im2col
# expect: mistake: im2col_kernel_column_major
# Flattens each patch column by column (kernel column before kernel row).
def im2col(x, kh, kw, stride=1):
    N, C, H, W = x.shape
    Ho, Wo = (H - kh) // stride + 1, (W - kw) // stride + 1
    cols = np.empty((N, C, kw, kh, Ho, Wo))
    for p in range(kh):
        for q in range(kw):
            cols[:, :, q, p] = x[:, :, p:p + stride * Ho:stride, q:q + stride * Wo:stride]
    return cols.reshape(N, C * kh * kw, Ho * Wo)
