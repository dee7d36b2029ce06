# EXERCISE 02.neg
# expect: incorrect: gradient passed through without the minus
def neg(a):
    return record(-a.data, (a,), lambda g: (g,), "neg")
