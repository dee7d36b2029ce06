# EXERCISE 03.mm
# expect: correct
def mm(a, b):
    A, B = a.data, b.data
    return record(A @ B, (a, b), lambda grad: (grad @ B.T, A.T @ grad), "mm")
