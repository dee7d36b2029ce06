# EXERCISE 03.sub
# expect: correct
def sub(a, b):
    return record(a.data - b.data, (a, b), lambda grad: (grad, -grad), "sub")
