# EXERCISE 04.mul
# expect: incorrect: sums each gradient to the other input's shape
def mul(a, b):
    A, B = a.data, b.data
    return record(A * B, (a, b),
                  lambda g: (mg.sum_to(g * B, B.shape), mg.sum_to(g * A, A.shape)), "mul")
