# EXERCISE 01.describe
# expect: mistake: describe_numel_is_len
def describe(t):
    return {"shape": t.shape, "ndim": t.ndim, "dtype": t.dtype.name, "numel": len(t.data),
            "requires_grad": t.requires_grad, "is_leaf": t.is_leaf}
