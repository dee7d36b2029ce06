# EXERCISE 03.mm
# expect: incorrect: b's gradient is transposed (shape fits only for square b)
def mm(a, b):
    A, B = a.data, b.data
    return record(A @ B, (a, b), lambda g: (g @ B.T, g.T @ A), "mm")
