# EXERCISE 03.mul
# expect: incorrect: each input gets grad times itself (right only when a == b)
def mul(a, b):
    A, B = a.data, b.data
    return record(A * B, (a, b), lambda g: (g * A, g * B), "mul")
