# EXERCISE 04.sum_op
# expect: incorrect: minigrad's Tensor.sum
def sum_op(a, dim):
    return a.sum(dim)
