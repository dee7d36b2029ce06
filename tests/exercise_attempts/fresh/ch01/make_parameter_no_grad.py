# EXERCISE 01.make_parameter
# expect: incorrect: forgets requires_grad
def make_parameter(values):
    return Tensor(values, dtype=np.float64)
