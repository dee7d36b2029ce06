# EXERCISE 04.sum_op
# expect: shortcut
def sum_op(a, dim):
    return a.sum(dim)
