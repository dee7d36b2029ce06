# EXERCISE 02.accumulate
# expect: correct
# Tensor(grad) makes its own copy of the array, as torch.tensor does: nothing is shared.
def accumulate(tensor, grad):
    if tensor.grad is None:
        tensor.grad = Tensor(grad)
    else:
        tensor.grad = Tensor(tensor.grad.data + grad)
