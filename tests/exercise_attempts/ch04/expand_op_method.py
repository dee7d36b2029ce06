# EXERCISE 04.expand_op
# expect: shortcut
def expand_op(a, dim, copies):
    return a.expand(dim, copies)
