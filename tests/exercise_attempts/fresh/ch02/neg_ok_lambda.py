# EXERCISE 02.neg
# expect: correct
def neg(a):
    return record(-a.data, (a,), lambda grad: (-grad,), "neg")
