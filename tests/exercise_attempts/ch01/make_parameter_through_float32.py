# EXERCISE 01.make_parameter
# expect: incorrect: float32
# (issue 22 escape) Goes through float32 on the way: 1 + 1e-9 comes back as 1.0.
def make_parameter(values):
    array = np.asarray(values, dtype=np.float32)
    return Tensor(array.astype(np.float64), requires_grad=True)
