# EXERCISE 03.mul
# expect: incorrect: attribute set on your function `mul`
# Keeps the inputs on the function object, so backward can find them later.
def mul(a, b):
    mul.saved = (a.data, b.data)

    def backward(grad):
        A, B = mul.saved
        return grad * B, grad * A

    return record(a.data * b.data, (a, b), backward, "mul")
