# EXERCISE 03.numeric_grad
# expect: correct
def numeric_grad(f, x, eps=1e-6):
    grad = np.zeros_like(x, dtype=float)
    for idx in np.ndindex(*x.shape):
        up = x.copy()
        up[idx] += eps
        down = x.copy()
        down[idx] -= eps
        grad[idx] = (f(up) - f(down)) / (2 * eps)
    return grad
