# EXERCISE 01.tensor_dtype
# expect: correct
# Anything carrying a dtype keeps it; plain Python data becomes float64.
def tensor_dtype(data, dtype=None):
    if dtype is None:
        found = getattr(data, "dtype", None)
        return "float64" if found is None else str(np.dtype(found))
    return str(np.dtype(dtype))
