# EXERCISE 02.neg
# expect: incorrect: uses the library's negation
def neg(a):
    return a * -1
