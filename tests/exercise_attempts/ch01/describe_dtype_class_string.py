# EXERCISE 01.describe
# expect: incorrect: "<class 'numpy.float64'>"
# str() of the dtype's scalar type, which names a class.
def describe(t):
    return {"shape": t.shape, "ndim": t.ndim, "dtype": str(t.dtype.type), "numel": t.numel(),
            "requires_grad": t.requires_grad, "is_leaf": t.is_leaf}
