# EXERCISE 02.neg
# expect: incorrect: in place
# Flips the sign of the incoming gradient array itself.
def neg(a):
    def backward(grad):
        grad *= -1
        return (grad,)
    return record(-a.data, (a,), backward, "neg")
