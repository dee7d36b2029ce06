# EXERCISE 04.sum_to
# expect: incorrect: takes one slice instead of summing (a copy forward is not a pick backward)
def sum_to(grad, shape):
    out = grad
    while out.ndim > len(shape):
        out = out[0]
    for i, s in enumerate(shape):
        if s == 1 and out.shape[i] != 1:
            out = np.take(out, [0], axis=i)
    return out
