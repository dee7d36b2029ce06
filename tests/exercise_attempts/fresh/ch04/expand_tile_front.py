# EXERCISE 04.expand_op
# expect: incorrect: the new axis always goes in front
def expand_op(a, dim, copies):
    data = np.tile(a.data, (copies,) + (1,) * a.data.ndim)
    return record(data, (a,), lambda g: (g.sum(axis=0),), "expand")
