# EXERCISE 03.sub
# expect: incorrect: subtracts into a's array
def sub(a, b):
    a.data -= b.data
    return record(a.data.copy(), (a, b), lambda g: (g, -g), "sub")
