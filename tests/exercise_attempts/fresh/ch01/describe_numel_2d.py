# EXERCISE 01.describe
# expect: incorrect: numel multiplies the first two sizes only
def describe(t):
    rows = t.shape[0] if t.ndim > 0 else 1
    cols = t.shape[1] if t.ndim > 1 else 1
    return {"shape": t.shape, "ndim": t.ndim, "dtype": t.dtype.name, "numel": rows * cols,
            "requires_grad": t.requires_grad, "is_leaf": t.is_leaf}
