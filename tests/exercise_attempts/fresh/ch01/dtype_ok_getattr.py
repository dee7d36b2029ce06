# EXERCISE 01.tensor_dtype
# expect: correct
def tensor_dtype(data, dtype=None):
    chosen = dtype if dtype is not None else getattr(data, "dtype", None)
    return str(np.dtype(chosen)) if chosen is not None else "float64"
