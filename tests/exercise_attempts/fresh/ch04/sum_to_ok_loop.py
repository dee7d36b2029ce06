# EXERCISE 04.sum_to
# expect: correct
def sum_to(grad, shape):
    shape = tuple(shape)
    lead = grad.ndim - len(shape)
    out = grad.sum(axis=tuple(range(lead))) if lead > 0 else grad
    for i, size in enumerate(shape):
        if size == 1 and out.shape[i] != 1:
            out = out.sum(axis=i, keepdims=True)
    return out
