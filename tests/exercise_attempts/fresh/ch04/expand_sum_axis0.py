# EXERCISE 04.expand_op
# expect: incorrect: backward sums axis 0 whatever dim was
def expand_op(a, dim, copies):
    data = np.repeat(np.expand_dims(a.data, dim), copies, axis=dim)
    return record(data, (a,), lambda g: (g.sum(axis=0),), "expand")
