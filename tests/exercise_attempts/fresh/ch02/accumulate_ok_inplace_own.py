# EXERCISE 02.accumulate
# expect: correct
def accumulate(tensor, grad):
    if tensor.grad is None:
        tensor.grad = Tensor(grad.copy())
        return
    tensor.grad.data += grad
