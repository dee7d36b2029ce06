# EXERCISE 03.sub
# expect: incorrect: the minus on a instead of b
def sub(a, b):
    return record(a.data - b.data, (a, b), lambda g: (-g, g), "sub")
