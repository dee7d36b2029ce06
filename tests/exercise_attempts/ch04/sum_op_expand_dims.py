# EXERCISE 04.sum_op
# expect: correct
def sum_op(a, dim):
    shape = a.data.shape

    def backward(grad):
        return (np.broadcast_to(np.expand_dims(grad, dim), shape).copy(),)

    return record(a.data.sum(axis=dim), (a,), backward, "sum")
