# EXERCISE 01.tensor_dtype
# expect: incorrect: a Python int becomes int64
def tensor_dtype(data, dtype=None):
    if dtype is not None:
        return np.dtype(dtype).name
    if isinstance(data, (np.ndarray, np.generic, Tensor)):
        return data.dtype.name
    if isinstance(data, int):
        return "int64"
    return "float64"
