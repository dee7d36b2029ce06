# EXERCISE 01.describe
# expect: incorrect: numel
# NumPy's habit: t.size for the number of elements. On a tensor, as in PyTorch, size is a
# method (t.size() is the shape), so this returns the method itself.
def describe(t):
    return {"shape": t.shape, "ndim": t.ndim, "dtype": t.dtype.name, "numel": t.size,
            "requires_grad": t.requires_grad, "is_leaf": t.is_leaf}
