# EXERCISE 04.mul
# expect: shortcut
def mul(a, b):
    return a * b
