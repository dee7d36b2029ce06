# EXERCISE 02.accumulate
# expect: incorrect: stores gradients as float32
def accumulate(tensor, grad):
    g = np.asarray(grad, dtype=np.float32)
    tensor.grad = Tensor(g.astype(np.float64)) if tensor.grad is None else \
        Tensor(tensor.grad.data + g)
