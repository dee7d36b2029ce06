# EXERCISE 02.accumulate
# expect: incorrect: stores a NumPy array (setter refuses it)
def accumulate(tensor, grad):
    if tensor.grad is None:
        tensor.grad = grad.copy()
    else:
        tensor.grad = tensor.grad + grad
