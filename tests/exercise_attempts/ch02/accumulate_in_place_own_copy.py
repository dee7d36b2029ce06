# EXERCISE 02.accumulate
# expect: correct
# Keeps its own array from the first call and adds later ones into it.
def accumulate(tensor, grad):
    if tensor.grad is not None:
        tensor.grad.data += grad
        return
    tensor.grad = Tensor(np.array(grad, dtype=np.float64, copy=True))
