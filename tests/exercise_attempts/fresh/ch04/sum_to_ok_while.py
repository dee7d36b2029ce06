# EXERCISE 04.sum_to
# expect: correct
def sum_to(grad, shape):
    g = np.asarray(grad)
    while g.ndim > len(shape):
        g = g.sum(axis=0)
    ones = tuple(i for i, s in enumerate(shape) if s == 1)
    return g.sum(axis=ones, keepdims=True) if ones else g
