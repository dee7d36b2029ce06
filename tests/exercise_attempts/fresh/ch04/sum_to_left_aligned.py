# EXERCISE 04.sum_to
# expect: incorrect: pairs the axes from the left
def sum_to(grad, shape):
    out = grad
    for i in range(len(shape)):
        if shape[i] == 1 and out.shape[i] != 1:
            out = out.sum(axis=i, keepdims=True)
    while out.ndim > len(shape):
        out = out.sum(axis=-1)
    return out
