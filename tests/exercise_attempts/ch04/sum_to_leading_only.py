# EXERCISE 04.sum_to
# expect: mistake: sum_to_leading_only
def sum_to(grad, shape):
    while grad.ndim > len(shape):
        grad = grad.sum(axis=0)
    return grad
