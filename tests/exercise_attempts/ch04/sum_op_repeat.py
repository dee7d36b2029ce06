# EXERCISE 04.sum_op
# expect: correct
# The gradient copied back along the summed axis with np.repeat.
def sum_op(a, dim):
    n = a.shape[dim]
    out = np.sum(a.data, axis=dim)

    def backward(g):
        return (np.repeat(np.expand_dims(g, axis=dim), n, axis=dim),)

    return record(out, (a,), backward, op="sum")
