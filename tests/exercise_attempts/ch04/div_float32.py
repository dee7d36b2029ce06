# EXERCISE 04.div
# expect: incorrect: what float32 (about 7 digits) leaves behind
# From the blind attempts of issue 22 (fresh/ch04/div_float32.py):
# computes the quotient in float32.
def div(a, b):
    A, B = a.data.astype(np.float32), b.data.astype(np.float32)
    return record((A / B).astype(np.float64), (a, b),
                  lambda g: (mg.sum_to(g / B, a.data.shape).astype(np.float64),
                             mg.sum_to(-g * A / B ** 2, b.data.shape).astype(np.float64)), "div")
