# EXERCISE 02.accumulate
# expect: incorrect: the global `total`
# Keeps one running total for "the" gradient, whichever tensor it is for.
total = None


def accumulate(tensor, grad):
    global total
    if tensor.grad is None:
        total = np.array(grad, dtype=float)
    else:
        total = total + grad
    tensor.grad = Tensor(total)
