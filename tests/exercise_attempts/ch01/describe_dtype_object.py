# EXERCISE 01.describe
# expect: mistake: describe_dtype_object
def describe(t):
    return {"shape": t.shape, "ndim": t.ndim, "dtype": t.dtype, "numel": t.numel(),
            "requires_grad": t.requires_grad, "is_leaf": t.is_leaf}
