# EXERCISE 04.expand_op
# expect: incorrect: shape
# np.tile repeats along an existing axis instead of adding a new one.
def expand_op(a, dim, copies):
    reps = [1] * a.ndim
    if a.ndim:
        reps[min(dim, a.ndim - 1)] = copies
    out = np.tile(a.data, reps)
    return record(out, (a,), lambda g: (g.reshape(a.shape) if g.shape == a.shape else
                                          g.sum(axis=min(dim, a.ndim - 1)),), "expand")
