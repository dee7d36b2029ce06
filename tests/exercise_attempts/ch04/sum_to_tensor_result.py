# EXERCISE 04.sum_to
# expect: incorrect: NumPy array
# Sums with minigrad tensors and hands back the tensor.
def sum_to(grad, shape):
    lead = grad.ndim - len(shape)
    axes = tuple(range(lead)) + tuple(lead + i for i, n in enumerate(shape)
                                      if n == 1 and grad.shape[lead + i] != 1)
    return Tensor(grad.sum(axis=axes, keepdims=True).reshape(shape))
