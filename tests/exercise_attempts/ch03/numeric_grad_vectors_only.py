# EXERCISE 03.numeric_grad
# expect: incorrect: shape
# Assumes a 1-D x.
def numeric_grad(f, x, eps=1e-6):
    grad = np.zeros(len(x))
    for i in range(len(x)):
        e = np.zeros(len(x))
        e[i] = eps
        grad[i] = (f(x + e) - f(x - e)) / (2 * eps)
    return grad
