# EXERCISE 04.mul
# expect: correct
def _reduce(g, shape):
    while g.ndim > len(shape):
        g = g.sum(axis=0)
    for i, s in enumerate(shape):
        if s == 1 and g.shape[i] != 1:
            g = g.sum(axis=i, keepdims=True)
    return g


def mul(a, b):
    A, B = a.data, b.data
    out = np.multiply(A, B)

    def backward(g):
        return _reduce(g * B, A.shape), _reduce(g * A, B.shape)

    return record(out, (a, b), backward, "mul")
