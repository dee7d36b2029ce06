# EXERCISE 01.describe
# expect: incorrect: thinks a leaf is a tensor that does not require grad
def describe(t):
    return {"shape": t.shape, "ndim": t.ndim, "dtype": t.dtype.name, "numel": t.numel(),
            "requires_grad": t.requires_grad, "is_leaf": not t.requires_grad}
