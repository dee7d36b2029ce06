# EXERCISE 03.numeric_grad
# expect: incorrect: one-sided difference
def numeric_grad(f, x, eps=1e-6):
    grad = np.zeros_like(x)
    base = f(x)
    for idx in np.ndindex(*x.shape):
        up = x.copy()
        up[idx] += eps
        grad[idx] = (f(up) - base) / eps
    return grad
