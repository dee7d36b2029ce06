# EXERCISE 01.describe
# expect: correct
def describe(t):
    return {"shape": t.shape, "ndim": t.ndim, "dtype": t.dtype.name, "numel": t.numel(),
            "requires_grad": t.requires_grad, "is_leaf": not t.requires_grad or not t.parents}
