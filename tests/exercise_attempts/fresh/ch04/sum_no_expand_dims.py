# EXERCISE 04.sum_op
# expect: incorrect: broadcasts grad without putting the axis back (works only for dim 0)
def sum_op(a, dim):
    shape = a.data.shape
    return record(a.data.sum(axis=dim), (a,),
                  lambda g: (np.broadcast_to(g, shape).copy(),), "sum")
