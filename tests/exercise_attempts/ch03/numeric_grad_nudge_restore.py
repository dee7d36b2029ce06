# EXERCISE 03.numeric_grad
# expect: correct
# Nudges x itself and puts every element back, even if f raises.
def numeric_grad(f, x, eps=1e-6):
    out = np.empty(x.shape)
    flat_x, flat_out = x.reshape(-1), out.reshape(-1)
    for i in range(x.size):
        old = flat_x[i]
        try:
            flat_x[i] = old + eps
            hi = float(f(x))
            flat_x[i] = old - eps
            lo = float(f(x))
        finally:
            flat_x[i] = old
        flat_out[i] = (hi - lo) / (2 * eps)
    return out
