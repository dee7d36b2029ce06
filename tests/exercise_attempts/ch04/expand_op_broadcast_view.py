# EXERCISE 04.expand_op
# expect: correct
# A broadcast view: expanding is a view by design.
def expand_op(a, dim, copies):
    shape = list(a.shape)
    shape.insert(dim, copies)
    out = np.broadcast_to(np.expand_dims(a.data, dim), shape)
    return record(out, (a,), lambda g: (np.sum(g, axis=dim),), "expand")
