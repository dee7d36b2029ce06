# EXERCISE 04.sum_op
# expect: correct
def sum_op(a, dim):
    shape = a.data.shape
    return record(a.data.sum(axis=dim), (a,),
                  lambda g: (np.broadcast_to(np.expand_dims(g, dim), shape).copy(),), "sum")
