# EXERCISE 02.neg
def neg(a)
    return record(-a.data, (a,), lambda grad: (-grad,), "neg")
