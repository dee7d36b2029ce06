# EXERCISE 04.mul
# expect: incorrect: in place
# Multiplies into a's array when the shapes allow it.
def mul(a, b):
    A, B = a.data.copy(), b.data.copy()
    if a.shape == np.broadcast_shapes(a.shape, b.shape):
        a.data *= b.data
        out = a.data
    else:
        out = A * B
    return record(out, (a, b),
                  lambda g: (mg.sum_to(g * B, A.shape), mg.sum_to(g * A, B.shape)), "mul")
