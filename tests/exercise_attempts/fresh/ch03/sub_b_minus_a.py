# EXERCISE 03.sub
# expect: incorrect: computes b - a
def sub(a, b):
    return record(b.data - a.data, (a, b), lambda g: (g, -g), "sub")
