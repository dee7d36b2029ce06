# EXERCISE 02.neg
# expect: incorrect: backward ignores the incoming gradient
def neg(a):
    return record(-a.data, (a,), lambda g: (-np.ones_like(g),), "neg")
