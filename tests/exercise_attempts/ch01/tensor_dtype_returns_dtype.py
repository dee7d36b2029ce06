# EXERCISE 01.tensor_dtype
# expect: incorrect: name
# The right dtype, but the dtype object rather than its name.
def tensor_dtype(data, dtype=None):
    if dtype is not None:
        return np.dtype(dtype)
    if isinstance(data, (Tensor, np.ndarray, np.generic)):
        return data.dtype
    return np.dtype("float64")
