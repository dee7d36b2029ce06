# EXERCISE 04.sum_op
# expect: incorrect: divides the gradient by the number of summed elements
def sum_op(a, dim):
    shape, n = a.data.shape, a.data.shape[dim]
    return record(a.data.sum(axis=dim), (a,),
                  lambda g: (np.broadcast_to(np.expand_dims(g, dim), shape) / n,), "sum")
