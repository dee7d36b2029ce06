# EXERCISE 04.mul
# expect: correct
# Its own undo-broadcasting helper, written with keepdims and a final reshape.
def _back_to(g, shape):
    extra = g.ndim - len(shape)
    g = g.sum(axis=tuple(range(extra))) if extra else g
    axes = tuple(i for i, s in enumerate(shape) if s == 1)
    return g.sum(axis=axes, keepdims=True).reshape(shape) if axes else g.reshape(shape)


def mul(a, b):
    A, B = a.data, b.data
    return record(np.multiply(A, B), (a, b),
                  lambda g: (_back_to(g * B, A.shape), _back_to(g * A, B.shape)), "mul")
