# EXERCISE 04.sum_to
# expect: incorrect: in place
# Sums size-1 axes correctly, but first zeroes the caller's grad where it "is used up".
def sum_to(grad, shape):
    out = grad
    while out.ndim > len(shape):
        out = out.sum(axis=0)
    for axis, size in enumerate(shape):
        if size == 1 and out.shape[axis] != 1:
            out = out.sum(axis=axis, keepdims=True)
    if out is not grad:
        grad[...] = 0.0
    return out
