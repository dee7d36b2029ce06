# EXERCISE 01.make_parameter
# expect: correct
def make_parameter(values):
    t = Tensor(values, dtype="float64")
    t.requires_grad_()
    return t
