# EXERCISE 04.sum_op
# expect: mistake: sum_op_no_new_axis
def sum_op(a, dim):
    shape = a.shape
    return record(a.data.sum(axis=dim), (a,), lambda g: (np.broadcast_to(g, shape),), "sum")
