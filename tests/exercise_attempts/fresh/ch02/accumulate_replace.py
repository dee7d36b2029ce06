# EXERCISE 02.accumulate
# expect: incorrect: replaces instead of adding
def accumulate(tensor, grad):
    tensor.grad = Tensor(grad.copy())
