# EXERCISE 12.im2col
# expect: correct
def im2col(x, kh, kw, stride=1):
    N, C = x.shape[:2]
    view = np.lib.stride_tricks.sliding_window_view(x, (kh, kw), axis=(2, 3))
    view = view[:, :, ::stride, ::stride]                   # (N, C, Ho, Wo, kh, kw)
    Ho, Wo = view.shape[2:4]
    return view.transpose(0, 1, 4, 5, 2, 3).reshape(N, C * kh * kw, Ho * Wo)
