# EXERCISE 02.neg
# expect: incorrect: backward returns a bare array
def neg(a):
    return record(-a.data, (a,), lambda g: -g, "neg")
