# EXERCISE 04.sum_op
# expect: incorrect: shape
# Keeps the summed axis as size 1, which the text says disappears.
def sum_op(a, dim):
    shape = a.shape
    return record(a.data.sum(axis=dim, keepdims=True), (a,),
                  lambda g: (np.broadcast_to(g, shape).copy(),), "sum")
