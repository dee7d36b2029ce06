# EXERCISE 02.neg
# expect: incorrect: flips the incoming grad in place
def neg(a):
    def backward(g):
        g *= -1
        return (g,)
    return record(-a.data, (a,), backward, "neg")
