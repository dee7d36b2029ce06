# EXERCISE 04.mul
# expect: incorrect: undoes broadcasting by summing the rows (right only for (n, m) * (m,))
def mul(a, b):
    A, B = a.data, b.data

    def fix(g, shape):
        return g if g.shape == shape else g.sum(axis=0).reshape(shape)

    return record(A * B, (a, b), lambda g: (fix(g * B, A.shape), fix(g * A, B.shape)), "mul")
