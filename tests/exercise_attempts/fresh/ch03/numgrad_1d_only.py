# EXERCISE 03.numeric_grad
# expect: incorrect: loops over the first axis only
def numeric_grad(f, x, eps=1e-6):
    grad = np.zeros_like(x)
    for i in range(len(x)):
        up, down = x.copy(), x.copy()
        up[i] += eps
        down[i] -= eps
        grad[i] = (f(up) - f(down)) / (2 * eps)
    return grad
