# EXERCISE 01.make_parameter
# expect: incorrect: is the string 'float32'
# Converts to float, but float32 is a float too, so it is left alone.
def make_parameter(values):
    a = np.asarray(values)
    if not np.issubdtype(a.dtype, np.floating):
        a = a.astype(np.float64)
    return Tensor(a, requires_grad=True)
