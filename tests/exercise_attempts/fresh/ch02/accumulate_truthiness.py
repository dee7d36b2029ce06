# EXERCISE 02.accumulate
# expect: incorrect: tests `if not tensor.grad`, which is not "is None"
def accumulate(tensor, grad):
    if not tensor.grad:
        tensor.grad = Tensor(grad.copy())
    else:
        tensor.grad = Tensor(tensor.grad.data + grad)
