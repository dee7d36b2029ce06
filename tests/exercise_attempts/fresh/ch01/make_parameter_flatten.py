# EXERCISE 01.make_parameter
# expect: incorrect: flattens the values
def make_parameter(values):
    return Tensor(np.ravel(values), dtype=np.float64, requires_grad=True)
