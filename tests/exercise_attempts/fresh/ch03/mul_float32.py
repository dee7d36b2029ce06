# EXERCISE 03.mul
# expect: incorrect: computes in float32
def mul(a, b):
    A, B = a.data.astype(np.float32), b.data.astype(np.float32)
    return record((A * B).astype(np.float64), (a, b),
                  lambda g: ((g * B).astype(np.float64), (g * A).astype(np.float64)), "mul")
