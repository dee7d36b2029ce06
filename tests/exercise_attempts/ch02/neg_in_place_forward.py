# EXERCISE 02.neg
# expect: incorrect: in place
# The example: negates a's array in place and returns an alias of it.
def neg(a):
    a.data *= -1
    return record(a.data, (a,), lambda g: (-g,), "neg")
