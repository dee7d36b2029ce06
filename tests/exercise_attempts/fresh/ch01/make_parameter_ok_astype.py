# EXERCISE 01.make_parameter
# expect: correct
def make_parameter(values):
    arr = np.array(values).astype(float)
    return Tensor(arr, requires_grad=True)
