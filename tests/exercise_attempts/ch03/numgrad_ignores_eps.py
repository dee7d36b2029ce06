# EXERCISE 03.numeric_grad
# expect: incorrect: not with the eps the caller passed
# From the blind attempts of issue 22 (fresh/ch03/numgrad_ignores_eps.py):
# ignores the eps argument.
def numeric_grad(f, x, eps=1e-6):
    h = 1e-6
    grad = np.zeros_like(x)
    for idx in np.ndindex(*x.shape):
        up, down = x.copy(), x.copy()
        up[idx] += h
        down[idx] -= h
        grad[idx] = (f(up) - f(down)) / (2 * h)
    return grad
