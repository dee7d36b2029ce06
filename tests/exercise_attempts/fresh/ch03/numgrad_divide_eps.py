# EXERCISE 03.numeric_grad
# expect: incorrect: divides by eps, not 2*eps
def numeric_grad(f, x, eps=1e-6):
    grad = np.zeros_like(x)
    for idx in np.ndindex(*x.shape):
        up, down = x.copy(), x.copy()
        up[idx] += eps
        down[idx] -= eps
        grad[idx] = (f(up) - f(down)) / eps
    return grad
