# EXERCISE 02.neg
# expect: correct
def neg(a):
    data = a.data * -1.0

    def backward(grad):
        result = -1.0 * grad
        return (result,)

    return record(data, inputs=(a,), backward=backward, op="neg")
