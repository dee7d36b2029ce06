# EXERCISE 04.expand_op
# expect: incorrect: backward keeps the gradient of the first copy only
def expand_op(a, dim, copies):
    data = np.repeat(np.expand_dims(a.data, dim), copies, axis=dim)
    return record(data, (a,), lambda g: (np.take(g, 0, axis=dim),), "expand")
