# EXERCISE 04.expand_op
# expect: correct
def expand_op(a, dim, copies):
    def backward(g):
        return (np.add.reduce(g, axis=dim),)
    return record(np.stack([a.data] * copies, axis=dim), (a,), backward, "expand")
