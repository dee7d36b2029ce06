# EXERCISE 12.im2col
# expect: mistake: im2col_stride_in_count_only
# Counts positions with the stride but slices without it: the windows are neighbours.
def im2col(x, kh, kw, stride=1):
    N, C, H, W = x.shape
    Ho, Wo = (H - kh) // stride + 1, (W - kw) // stride + 1
    cols = np.empty((N, C, kh, kw, Ho, Wo))
    for p in range(kh):
        for q in range(kw):
            cols[:, :, p, q] = x[:, :, p:p + Ho, q:q + Wo]
    return cols.reshape(N, C * kh * kw, Ho * Wo)
