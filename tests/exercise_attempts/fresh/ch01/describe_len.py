# EXERCISE 01.describe
# expect: incorrect: numel counts rows with len()
def describe(t):
    return {"shape": t.shape, "ndim": t.ndim, "dtype": t.dtype.name, "numel": len(t),
            "requires_grad": t.requires_grad, "is_leaf": t.is_leaf}
