# EXERCISE 02.accumulate
# expect: mistake: accumulate_no_copy
def accumulate(tensor, grad):
    if tensor.grad is None:
        tensor.grad = Tensor(grad)
    else:
        tensor.grad = Tensor(tensor.grad.data + grad)
