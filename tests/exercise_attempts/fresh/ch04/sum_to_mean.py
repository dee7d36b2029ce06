# EXERCISE 04.sum_to
# expect: incorrect: averages over the size-1 axes
def sum_to(grad, shape):
    out = grad
    while out.ndim > len(shape):
        out = out.sum(axis=0)
    for i, s in enumerate(shape):
        if s == 1 and out.shape[i] != 1:
            out = out.mean(axis=i, keepdims=True)
    return out
