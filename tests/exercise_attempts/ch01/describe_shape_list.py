# EXERCISE 01.describe
# expect: incorrect: tuple
def describe(t):
    return {"shape": list(t.shape), "ndim": t.ndim, "dtype": t.dtype.name, "numel": t.numel(),
            "requires_grad": t.requires_grad, "is_leaf": t.is_leaf}
