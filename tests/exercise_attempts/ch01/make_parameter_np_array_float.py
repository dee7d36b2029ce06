# EXERCISE 01.make_parameter
# expect: correct
# Copies into a float64 array first, then marks it as a parameter.
def make_parameter(values):
    return Tensor(np.array(values, dtype=float), requires_grad=True)
