# EXERCISE 03.mm
# expect: incorrect: ShapeError
# Right products, returned in the wrong order.
def mm(a, b):
    A, B = a.data, b.data
    return record(A @ B, (a, b), lambda g: (A.T @ g, g @ B.T), "mm")
