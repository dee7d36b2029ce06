# EXERCISE 03.numeric_grad
# expect: incorrect: the result array is integer and truncates
def numeric_grad(f, x, eps=1e-6):
    grad = np.zeros(x.shape, dtype=int)
    for idx in np.ndindex(*x.shape):
        up, down = x.copy(), x.copy()
        up[idx] += eps
        down[idx] -= eps
        grad[idx] = (f(up) - f(down)) / (2 * eps)
    return grad
