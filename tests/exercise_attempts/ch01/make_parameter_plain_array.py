# EXERCISE 01.make_parameter
# expect: mistake: make_parameter_array
def make_parameter(values):
    return np.array(values, dtype=np.float64)
