# EXERCISE 03.numeric_grad
# expect: correct
# Walks the elements through x.flat (any shape) and puts each back.
def numeric_grad(f, x, eps=1e-6):
    grad = np.zeros_like(x, dtype=float)
    for i in range(x.size):
        old = x.flat[i]
        x.flat[i] = old + eps
        up = f(x)
        x.flat[i] = old - eps
        down = f(x)
        x.flat[i] = old
        grad.flat[i] = (up - down) / (2 * eps)
    return grad
