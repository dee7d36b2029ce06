# EXERCISE 02.neg
# expect: incorrect: 0 - a: the library's subtraction does the work, no op of mine is recorded
def neg(a):
    return 0 - a
