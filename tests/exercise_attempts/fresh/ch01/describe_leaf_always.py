# EXERCISE 01.describe
# expect: incorrect: is_leaf is always True
def describe(t):
    return {"shape": t.shape, "ndim": t.ndim, "dtype": t.dtype.name, "numel": t.numel(),
            "requires_grad": t.requires_grad, "is_leaf": True}
