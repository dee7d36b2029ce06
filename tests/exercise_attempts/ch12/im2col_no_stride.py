# EXERCISE 12.im2col
# expect: mistake: im2col_ignores_stride
def im2col(x, kh, kw, stride=1):
    N, C, H, W = x.shape
    Ho, Wo = H - kh + 1, W - kw + 1
    cols = np.empty((N, C, kh, kw, Ho, Wo))
    for p in range(kh):
        for q in range(kw):
            cols[:, :, p, q] = x[:, :, p:p + Ho, q:q + Wo]
    return cols.reshape(N, C * kh * kw, Ho * Wo)
