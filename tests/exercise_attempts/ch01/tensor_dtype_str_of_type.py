# EXERCISE 01.tensor_dtype
# expect: incorrect: "<class 'numpy.float32'>"
def tensor_dtype(data, dtype=None):
    if dtype is not None:
        return str(dtype)
    if isinstance(data, Tensor):
        return data.dtype.name
    if isinstance(data, (np.ndarray, np.generic)):
        return data.dtype.name
    return "float64"
