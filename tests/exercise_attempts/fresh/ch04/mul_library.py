# EXERCISE 04.mul
# expect: incorrect: minigrad's *
def mul(a, b):
    return a * b
