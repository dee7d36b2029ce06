# EXERCISE 04.mul
# expect: mistake: mul_no_sum_to
def mul(a, b):
    A, B = a.data, b.data
    return record(A * B, (a, b), lambda g: (g * B, g * A), "mul")
