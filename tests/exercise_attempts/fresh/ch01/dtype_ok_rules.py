# EXERCISE 01.tensor_dtype
# expect: correct
def tensor_dtype(data, dtype=None):
    if dtype is not None:
        return np.dtype(dtype).name
    if isinstance(data, Tensor):
        return data.dtype.name
    if isinstance(data, (np.ndarray, np.generic)):
        return data.dtype.name
    return "float64"
