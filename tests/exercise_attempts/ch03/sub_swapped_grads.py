# EXERCISE 03.sub
# expect: mistake: sub_minus_on_a
def sub(a, b):
    return record(a.data - b.data, (a, b), lambda g: (-g, g), "sub")
