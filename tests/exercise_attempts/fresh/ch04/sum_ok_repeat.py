# EXERCISE 04.sum_op
# expect: correct
def sum_op(a, dim):
    n = a.data.shape[dim]

    def backward(g):
        return (np.repeat(np.expand_dims(g, axis=dim), n, axis=dim),)

    return record(np.sum(a.data, axis=dim), (a,), backward, "sum")
