# EXERCISE 03.mm
# expect: incorrect: no transposes (shapes fit only for square matrices)
def mm(a, b):
    A, B = a.data, b.data
    return record(A @ B, (a, b), lambda g: (g @ B, A @ g), "mm")
