# EXERCISE 02.accumulate
# expect: incorrect: the first gradient shares the caller's array
def accumulate(tensor, grad):
    if tensor.grad is None:
        tensor.grad = mg.from_numpy(grad)
    else:
        tensor.grad = Tensor(tensor.grad.data + grad)
