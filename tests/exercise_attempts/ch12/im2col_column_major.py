# EXERCISE 12.im2col
# expect: mistake: im2col_positions_column_major
# Walks the positions column by column.
def im2col(x, kh, kw, stride=1):
    N, C, H, W = x.shape
    Ho, Wo = (H - kh) // stride + 1, (W - kw) // stride + 1
    cols = []
    for j in range(Wo):
        for i in range(Ho):
            cols.append(x[:, :, i * stride:i * stride + kh, j * stride:j * stride + kw]
                        .reshape(N, -1))
    return np.stack(cols, axis=2)
