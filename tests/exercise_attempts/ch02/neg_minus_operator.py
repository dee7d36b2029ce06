# EXERCISE 02.neg
# expect: shortcut
def neg(a):
    return -a
