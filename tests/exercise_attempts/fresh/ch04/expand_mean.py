# EXERCISE 04.expand_op
# expect: incorrect: backward averages the copies' gradients
def expand_op(a, dim, copies):
    data = np.repeat(np.expand_dims(a.data, dim), copies, axis=dim)
    return record(data, (a,), lambda g: (g.mean(axis=dim),), "expand")
