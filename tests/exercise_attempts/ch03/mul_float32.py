# EXERCISE 03.mul
# expect: incorrect: what float32 (about 7 digits) leaves behind
# From the blind attempts of issue 22 (fresh/ch03/mul_float32.py):
# computes in float32.
def mul(a, b):
    A, B = a.data.astype(np.float32), b.data.astype(np.float32)
    return record((A * B).astype(np.float64), (a, b),
                  lambda g: ((g * B).astype(np.float64), (g * A).astype(np.float64)), "mul")
