# EXERCISE 01.make_parameter
# expect: incorrect: goes through float32 and rounds the values
def make_parameter(values):
    return Tensor(np.asarray(values, dtype=np.float32), dtype=np.float64, requires_grad=True)
