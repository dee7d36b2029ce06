# EXERCISE 04.sum_to
# expect: mistake: sum_to_no_keepdims
def sum_to(grad, shape):
    while grad.ndim > len(shape):
        grad = grad.sum(axis=0)
    for axis in reversed(range(len(shape))):
        if shape[axis] == 1 and grad.shape[axis] != 1:
            grad = grad.sum(axis=axis)
    return grad
