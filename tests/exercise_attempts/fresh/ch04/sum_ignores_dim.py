# EXERCISE 04.sum_op
# expect: incorrect: always sums axis 0
def sum_op(a, dim):
    shape = a.data.shape
    return record(a.data.sum(axis=0), (a,),
                  lambda g: (np.broadcast_to(np.expand_dims(g, 0), shape).copy(),), "sum")
