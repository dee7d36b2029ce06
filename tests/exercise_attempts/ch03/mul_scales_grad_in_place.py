# EXERCISE 03.mul
# expect: incorrect: in place
# Multiplies the incoming gradient array in place for a, then uses it again for b.
def mul(a, b):
    A, B = a.data.copy(), b.data.copy()

    def backward(grad):
        gb = grad * A
        grad *= B
        return grad, gb

    return record(A * B, (a, b), backward, "mul")
