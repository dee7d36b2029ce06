# EXERCISE 01.describe
# expect: incorrect: `dtype`
# Names the dtype from a small table of the two dtypes the chapter shows.
def describe(t):
    names = {np.dtype(np.float64): "float64", np.dtype(np.int64): "int64"}
    return {"shape": t.shape, "ndim": t.ndim, "dtype": names.get(t.dtype, "float64"),
            "numel": t.numel(), "requires_grad": t.requires_grad, "is_leaf": t.is_leaf}
