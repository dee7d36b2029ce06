# EXERCISE 03.mul
# expect: incorrect: np.dot instead of the elementwise product
def mul(a, b):
    A, B = a.data, b.data
    return record(np.asarray(np.dot(A, B)), (a, b), lambda g: (g * B, g * A), "mul")
