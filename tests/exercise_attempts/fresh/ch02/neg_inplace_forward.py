# EXERCISE 02.neg
# expect: incorrect: negates a's own array
def neg(a):
    a.data *= -1
    return record(a.data.copy(), (a,), lambda g: (-g,), "neg")
