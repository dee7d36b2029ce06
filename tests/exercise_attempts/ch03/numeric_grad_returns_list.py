# EXERCISE 03.numeric_grad
# expect: incorrect: list
# Right numbers, collected in a list (one per element) instead of an array of x's shape.
def numeric_grad(f, x, eps=1e-6):
    out = []
    for idx in np.ndindex(*x.shape):
        up, down = x.copy(), x.copy()
        up[idx] += eps
        down[idx] -= eps
        out.append((f(up) - f(down)) / (2 * eps))
    return np.reshape(out, x.shape).tolist()
