# EXERCISE 04.sum_op
# expect: correct
# The gradient returned as a read-only broadcast view: the engine copies what it keeps.
def sum_op(a, dim):
    shape = a.shape
    return record(a.data.sum(dim), (a,),
                  lambda g: (np.broadcast_to(np.expand_dims(g, dim), shape),), "sum")
