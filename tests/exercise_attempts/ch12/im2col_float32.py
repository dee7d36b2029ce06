# EXERCISE 12.im2col
# expect: incorrect: holds float32 values, but this exercise asks for float64
# From the blind attempts of issue 22 (fresh/ch12/im2col_float32.py):
# returns float32 columns whatever x holds.
def im2col(x, kh, kw, stride=1):
    N, C, H, W = x.shape
    Ho, Wo = (H - kh) // stride + 1, (W - kw) // stride + 1
    cols = np.zeros((N, C * kh * kw, Ho * Wo), dtype=np.float32)
    for n in range(N):
        for i in range(Ho):
            for j in range(Wo):
                cols[n, :, i * Wo + j] = x[n, :, i * stride:i * stride + kh, j * stride:j * stride + kw].reshape(-1)
    return cols
