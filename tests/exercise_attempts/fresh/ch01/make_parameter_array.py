# EXERCISE 01.make_parameter
# expect: incorrect: returns a NumPy array, not a Tensor
def make_parameter(values):
    return np.asarray(values, dtype=np.float64)
