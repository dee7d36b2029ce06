# EXERCISE 12.im2col
# expect: shortcut
# Borrows the library's private patch view.
from minigrad.nn.conv import _patches


def im2col(x, kh, kw, stride=1):
    N, C = x.shape[:2]
    view = _patches(x, (kh, kw), (stride, stride), (1, 1))   # (N, C, Ho, Wo, kh, kw)
    Ho, Wo = view.shape[2:4]
    return view.transpose(0, 1, 4, 5, 2, 3).reshape(N, C * kh * kw, Ho * Wo)
