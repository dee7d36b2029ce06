# EXERCISE 04.mul
# expect: mistake: mul_swapped
# Each input gets the gradient times its own value instead of the other input's.
def mul(a, b):
    A, B = a.data, b.data
    return record(A * B, (a, b),
                  lambda g: (mg.sum_to(g * A, A.shape), mg.sum_to(g * B, B.shape)), "mul")
