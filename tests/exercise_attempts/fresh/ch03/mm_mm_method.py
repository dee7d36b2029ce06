# EXERCISE 03.mm
# expect: incorrect: the library's Tensor.mm
def mm(a, b):
    return a.mm(b)
