# EXERCISE 01.make_parameter
# expect: incorrect: casts through int, losing fractions
def make_parameter(values):
    return Tensor(np.asarray(values).astype(int), dtype=np.float64, requires_grad=True)
