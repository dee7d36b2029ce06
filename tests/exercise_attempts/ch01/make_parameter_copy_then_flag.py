# EXERCISE 01.make_parameter
# expect: correct
def make_parameter(values):
    data = np.array(values).astype(float)      # a copy, whatever came in
    p = Tensor(data)
    p.requires_grad = True
    return p
