# EXERCISE 04.expand_op
# expect: correct
def expand_op(a, dim, copies):
    data = np.repeat(np.expand_dims(a.data, dim), copies, axis=dim)
    return record(data, (a,), lambda g: (g.sum(axis=dim),), "expand")
