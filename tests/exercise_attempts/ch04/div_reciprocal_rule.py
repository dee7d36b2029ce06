# EXERCISE 04.div
# expect: correct
# Writes the quotient as a times 1/b and uses the reciprocal's slope.
def div(a, b):
    A, B = a.data, b.data
    inv = 1.0 / B

    def backward(grad):
        return mg.sum_to(grad * inv, A.shape), mg.sum_to(-grad * A * inv * inv, B.shape)

    return record(A * inv, (a, b), backward, "div")
