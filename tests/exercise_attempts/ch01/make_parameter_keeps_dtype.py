# EXERCISE 01.make_parameter
# expect: mistake: make_parameter_keeps_dtype
def make_parameter(values):
    return Tensor(values, requires_grad=True)
