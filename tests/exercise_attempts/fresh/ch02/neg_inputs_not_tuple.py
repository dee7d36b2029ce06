# EXERCISE 02.neg
# expect: incorrect: (a) is not a tuple
def neg(a):
    return record(-a.data, (a), lambda g: (-g,), "neg")
