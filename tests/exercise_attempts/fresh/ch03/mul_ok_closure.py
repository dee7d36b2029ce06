# EXERCISE 03.mul
# expect: correct
def mul(a, b):
    A, B = a.data, b.data
    return record(A * B, (a, b), lambda grad: (grad * B, grad * A), "mul")
