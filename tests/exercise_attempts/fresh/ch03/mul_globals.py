# EXERCISE 03.mul
# expect: incorrect: keeps the inputs in globals, overwritten by the next call
A = B = None


def mul(a, b):
    global A, B
    A, B = a.data, b.data
    return record(A * B, (a, b), lambda g: (g * B, g * A), "mul")
