# EXERCISE 03.sub
# expect: incorrect: in place
def sub(a, b):
    a.data -= b.data
    return record(a.data, (a, b), lambda g: (g, -g), "sub")
