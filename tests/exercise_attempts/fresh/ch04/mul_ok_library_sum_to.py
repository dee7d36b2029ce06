# EXERCISE 04.mul
# expect: correct
def mul(a, b):
    A, B = a.data, b.data
    return record(A * B, (a, b),
                  lambda g: (mg.sum_to(g * B, A.shape), mg.sum_to(g * A, B.shape)), "mul")
