# EXERCISE 02.accumulate
# expect: incorrect: shares the caller's array, then adds into it
def accumulate(tensor, grad):
    if tensor.grad is None:
        tensor.grad = mg.from_numpy(grad)
    else:
        tensor.grad.data += grad
