# EXERCISE 01.make_parameter
# expect: correct
def make_parameter(values):
    return Tensor(values, dtype=np.float64, requires_grad=True)
