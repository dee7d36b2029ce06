# EXERCISE 04.expand_op
# expect: correct
def expand_op(a, dim, copies):
    out = np.stack([a.data] * copies, axis=dim)
    return record(out, (a,), lambda g: (g.sum(axis=dim),), "expand")
