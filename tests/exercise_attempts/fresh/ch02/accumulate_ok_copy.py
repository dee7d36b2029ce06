# EXERCISE 02.accumulate
# expect: correct
def accumulate(tensor, grad):
    if tensor.grad is None:
        tensor.grad = Tensor(np.array(grad, copy=True))
    else:
        tensor.grad = Tensor(tensor.grad.data + grad)
