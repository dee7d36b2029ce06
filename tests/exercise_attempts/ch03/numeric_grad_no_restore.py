# EXERCISE 03.numeric_grad
# expect: incorrect: x
# Nudges x in place and never puts it back.
def numeric_grad(f, x, eps=1e-6):
    grad = np.zeros_like(x)
    for idx in np.ndindex(*x.shape):
        x[idx] += eps
        hi = f(x)
        x[idx] -= 2 * eps
        lo = f(x)
        grad[idx] = (hi - lo) / (2 * eps)
    return grad
