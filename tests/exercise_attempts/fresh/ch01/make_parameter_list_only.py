# EXERCISE 01.make_parameter
# expect: incorrect: only works for lists (a single number fails)
def make_parameter(values):
    return Tensor([float(v) if not isinstance(v, (list, np.ndarray)) else v for v in values],
                  dtype=np.float64, requires_grad=True)
