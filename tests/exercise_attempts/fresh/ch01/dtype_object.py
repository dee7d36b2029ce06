# EXERCISE 01.tensor_dtype
# expect: incorrect: returns a dtype object, not its name
def tensor_dtype(data, dtype=None):
    if dtype is not None:
        return np.dtype(dtype)
    if isinstance(data, (np.ndarray, np.generic, Tensor)):
        return data.dtype
    return np.dtype("float64")
