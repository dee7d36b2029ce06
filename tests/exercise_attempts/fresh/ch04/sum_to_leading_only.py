# EXERCISE 04.sum_to
# expect: incorrect: forgets the size-1 axes
def sum_to(grad, shape):
    out = grad
    while out.ndim > len(shape):
        out = out.sum(axis=0)
    return out
