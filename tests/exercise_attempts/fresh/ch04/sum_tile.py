# EXERCISE 04.sum_op
# expect: incorrect: np.tile lays the copies out along the wrong axis
def sum_op(a, dim):
    shape, n = a.data.shape, a.data.shape[dim]
    return record(a.data.sum(axis=dim), (a,),
                  lambda g: (np.tile(g, (n,) + (1,) * g.ndim).reshape(shape),), "sum")
