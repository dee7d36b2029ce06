# EXERCISE 01.describe
# expect: mistake: describe_leaf_means_no_grad
def describe(t):
    return {"shape": t.shape, "ndim": t.ndim, "dtype": t.dtype.name, "numel": t.numel(),
            "requires_grad": t.requires_grad, "is_leaf": not t.requires_grad}
