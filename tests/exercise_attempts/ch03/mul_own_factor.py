# EXERCISE 03.mul
# expect: mistake: mul_own_factor
def mul(a, b):
    return record(a.data * b.data, (a, b), lambda g: (g * a.data, g * b.data), "mul")
