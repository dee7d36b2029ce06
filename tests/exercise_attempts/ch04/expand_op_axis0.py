# EXERCISE 04.expand_op
# expect: mistake: expand_op_axis0
def expand_op(a, dim, copies):
    out = np.stack([a.data] * copies, axis=dim)
    return record(out, (a,), lambda g: (g.sum(axis=0),), "expand")
