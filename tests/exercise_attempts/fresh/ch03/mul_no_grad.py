# EXERCISE 03.mul
# expect: incorrect: forgets to multiply by the incoming grad
def mul(a, b):
    A, B = a.data, b.data
    return record(A * B, (a, b), lambda g: (B + 0 * g, A + 0 * g), "mul")
