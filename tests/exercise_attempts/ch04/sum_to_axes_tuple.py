# EXERCISE 04.sum_to
# expect: correct
# One sum over every axis at once, then a reshape to the asked-for shape.
def sum_to(grad, shape):
    lead = grad.ndim - len(shape)
    axes = tuple(range(lead)) + tuple(lead + i for i, s in enumerate(shape)
                                      if s == 1 and grad.shape[lead + i] != 1)
    return np.sum(grad, axis=axes).reshape(shape) if axes else np.array(grad).reshape(shape)
