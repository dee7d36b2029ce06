# EXERCISE 03.numeric_grad
# expect: incorrect: returns a flat array
def numeric_grad(f, x, eps=1e-6):
    out = []
    for idx in np.ndindex(*x.shape):
        up, down = x.copy(), x.copy()
        up[idx] += eps
        down[idx] -= eps
        out.append((f(up) - f(down)) / (2 * eps))
    return np.array(out)
