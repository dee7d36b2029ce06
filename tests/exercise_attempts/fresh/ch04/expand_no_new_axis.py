# EXERCISE 04.expand_op
# expect: incorrect: repeats along an existing axis instead of a new one
def expand_op(a, dim, copies):
    ax = min(dim, a.data.ndim - 1) if a.data.ndim else 0
    data = np.repeat(a.data, copies, axis=ax) if a.data.ndim else np.repeat(a.data, copies)
    return record(data, (a,), lambda g: (g.reshape(-1, copies).sum(axis=1).reshape(a.data.shape),), "expand")
