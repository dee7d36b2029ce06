# EXERCISE 01.make_parameter
# expect: incorrect: keeps the array's dtype (integer arrays fail, float32 stays float32)
def make_parameter(values):
    return Tensor(values, requires_grad=True)
