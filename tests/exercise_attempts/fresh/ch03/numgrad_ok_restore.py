# EXERCISE 03.numeric_grad
# expect: correct
def numeric_grad(f, x, eps=1e-6):
    out = np.empty(x.shape)
    flat = x.reshape(-1)           # a view of x: nudging it nudges x
    for i in range(flat.size):
        keep = flat[i]
        flat[i] = keep + eps
        hi = f(x)
        flat[i] = keep - eps
        lo = f(x)
        flat[i] = keep
        out.reshape(-1)[i] = (hi - lo) / (2 * eps)
    return out
