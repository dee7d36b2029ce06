# EXERCISE 03.sub
# expect: incorrect: both gradients +grad
def sub(a, b):
    return record(a.data - b.data, (a, b), lambda g: (g, g), "sub")
