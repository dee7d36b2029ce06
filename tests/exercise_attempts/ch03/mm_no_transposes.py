# EXERCISE 03.mm
# expect: mistake: mm_no_transposes
def mm(a, b):
    A, B = a.data, b.data
    return record(A @ B, (a, b), lambda g: (g @ B, A @ g), "mm")
