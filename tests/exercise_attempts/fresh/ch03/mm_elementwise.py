# EXERCISE 03.mm
# expect: incorrect: the elementwise product rule with transposes (shapes fit only when square)
def mm(a, b):
    A, B = a.data, b.data
    return record(A @ B, (a, b), lambda g: (g * B.T, A.T * g), "mm")
