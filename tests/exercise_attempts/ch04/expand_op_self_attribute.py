# EXERCISE 04.expand_op
# expect: incorrect: attribute set on your function
# Keeps dim on the function, where the next call overwrites it.
def expand_op(a, dim, copies):
    expand_op.dim = dim
    data = np.repeat(np.expand_dims(a.data, dim), copies, axis=dim)
    return record(data, (a,), lambda grad: (grad.sum(axis=expand_op.dim),), "expand")
