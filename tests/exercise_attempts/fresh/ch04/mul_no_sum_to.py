# EXERCISE 04.mul
# expect: incorrect: gradients keep the broadcast shape
def mul(a, b):
    A, B = a.data, b.data
    return record(A * B, (a, b), lambda g: (g * B, g * A), "mul")
