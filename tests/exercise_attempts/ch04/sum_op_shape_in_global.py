# EXERCISE 04.sum_op
# expect: incorrect: the global `saved`
# Remembers the input's shape and the axis in globals for the backward.
saved = {}


def sum_op(a, dim):
    saved["shape"], saved["dim"] = a.shape, dim

    def backward(grad):
        return (np.broadcast_to(np.expand_dims(grad, saved["dim"]), saved["shape"]).copy(),)

    return record(a.data.sum(axis=dim), (a,), backward, "sum")
