# EXERCISE 03.numeric_grad
# expect: incorrect: changed x in its last digits
# From the blind attempts of issue 22 (fresh/ch03/numgrad_restore_by_arithmetic.py):
# "restores" by adding eps back, which need not give the same bits.
def numeric_grad(f, x, eps=1e-6):
    grad = np.zeros_like(x)
    for idx in np.ndindex(*x.shape):
        x[idx] += eps
        up = f(x)
        x[idx] -= 2 * eps
        down = f(x)
        x[idx] += eps
        grad[idx] = (up - down) / (2 * eps)
    return grad
