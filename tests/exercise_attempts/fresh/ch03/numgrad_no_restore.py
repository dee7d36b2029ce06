# EXERCISE 03.numeric_grad
# expect: incorrect: nudges x and never puts it back
def numeric_grad(f, x, eps=1e-6):
    grad = np.zeros_like(x)
    for idx in np.ndindex(*x.shape):
        x[idx] += eps
        up = f(x)
        x[idx] -= 2 * eps
        down = f(x)
        grad[idx] = (up - down) / (2 * eps)
    return grad
