# EXERCISE 03.mul
# expect: incorrect: minigrad's own *
def mul(a, b):
    return a * b
