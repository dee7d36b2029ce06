# EXERCISE 12.im2col
# expect: mistake: im2col_transposed
# One row per position (the layout some libraries use), not one column.
def im2col(x, kh, kw, stride=1):
    N, C, H, W = x.shape
    Ho, Wo = (H - kh) // stride + 1, (W - kw) // stride + 1
    rows = []
    for i in range(Ho):
        for j in range(Wo):
            rows.append(x[:, :, i * stride:i * stride + kh, j * stride:j * stride + kw]
                        .reshape(N, -1))
    return np.stack(rows, axis=1)
