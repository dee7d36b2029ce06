# EXERCISE 04.sum_op
# expect: incorrect: keeps the summed axis
def sum_op(a, dim):
    shape = a.data.shape
    return record(a.data.sum(axis=dim, keepdims=True), (a,),
                  lambda g: (np.broadcast_to(g, shape).copy(),), "sum")
