# EXERCISE 12.im2col
# expect: incorrect: shape
# A column per position built with a list, but for the first image only: the batch axis
# is lost.
def im2col(x, kh, kw, stride=1):
    N, C, H, W = x.shape
    Ho, Wo = (H - kh) // stride + 1, (W - kw) // stride + 1
    cols = []
    for i in range(Ho):
        for j in range(Wo):
            cols.append(x[0, :, i*stride:i*stride+kh, j*stride:j*stride+kw].ravel())
    return np.array(cols).T
