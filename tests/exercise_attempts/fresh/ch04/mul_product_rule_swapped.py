# EXERCISE 04.mul
# expect: incorrect: each input gets grad times itself
def mul(a, b):
    A, B = a.data, b.data
    return record(A * B, (a, b),
                  lambda g: (mg.sum_to(g * A, A.shape), mg.sum_to(g * B, B.shape)), "mul")
