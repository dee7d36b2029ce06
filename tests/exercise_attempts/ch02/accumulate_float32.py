# EXERCISE 02.accumulate
# expect: incorrect: what float32 (about 7 digits) leaves behind
# From the blind attempts of issue 22 (fresh/ch02/accumulate_float32.py):
# stores gradients as float32.
def accumulate(tensor, grad):
    g = np.asarray(grad, dtype=np.float32)
    tensor.grad = Tensor(g.astype(np.float64)) if tensor.grad is None else \
        Tensor(tensor.grad.data + g)
