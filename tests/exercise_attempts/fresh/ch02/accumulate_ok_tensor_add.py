# EXERCISE 02.accumulate
# expect: correct
def accumulate(tensor, grad):
    new = Tensor(grad)
    tensor.grad = new if tensor.grad is None else tensor.grad + new
