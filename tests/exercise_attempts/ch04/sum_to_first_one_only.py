# EXERCISE 04.sum_to
# expect: incorrect: but it should have shape (1, 1)
# From the blind attempts of issue 22 (fresh/ch04/sum_to_first_one_only.py):
# sums only the first size-1 axis.
def sum_to(grad, shape):
    out = grad
    while out.ndim > len(shape):
        out = out.sum(axis=0)
    for i, s in enumerate(shape):
        if s == 1 and out.shape[i] != 1:
            out = out.sum(axis=i, keepdims=True)
            break
    return out
