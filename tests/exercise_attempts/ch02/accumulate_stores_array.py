# EXERCISE 02.accumulate
# expect: incorrect: got ndarray
# Stores a plain NumPy array as .grad.
def accumulate(tensor, grad):
    if tensor.grad is None:
        tensor.grad = np.array(grad)
    else:
        tensor.grad = tensor.grad + grad
