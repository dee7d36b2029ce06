# EXERCISE 04.expand_op
# expect: incorrect: minigrad's Tensor.expand
def expand_op(a, dim, copies):
    return a.expand(dim, copies)
