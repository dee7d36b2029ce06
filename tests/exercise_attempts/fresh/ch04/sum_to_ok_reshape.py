# EXERCISE 04.sum_to
# expect: correct
def sum_to(grad, shape):
    lead = grad.ndim - len(shape)
    axes = list(range(lead))
    axes += [lead + i for i, s in enumerate(shape) if s == 1 and grad.shape[lead + i] != 1]
    return np.sum(grad, axis=tuple(axes)).reshape(shape)
