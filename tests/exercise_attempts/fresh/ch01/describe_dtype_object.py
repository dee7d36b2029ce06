# EXERCISE 01.describe
# expect: incorrect: returns the dtype object, not its name
def describe(t):
    return {"shape": t.shape, "ndim": t.ndim, "dtype": t.dtype, "numel": t.numel(),
            "requires_grad": t.requires_grad, "is_leaf": t.is_leaf}
