# EXERCISE 04.sum_to
# expect: incorrect: sums only the first size-1 axis
def sum_to(grad, shape):
    out = grad
    while out.ndim > len(shape):
        out = out.sum(axis=0)
    for i, s in enumerate(shape):
        if s == 1 and out.shape[i] != 1:
            out = out.sum(axis=i, keepdims=True)
            break
    return out
