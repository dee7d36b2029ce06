# EXERCISE 01.tensor_dtype
# expect: incorrect: NumPy scalar
# Treats a NumPy scalar such as np.int32(7) like a Python number.
def tensor_dtype(data, dtype=None):
    if dtype is not None:
        return np.dtype(dtype).name
    if isinstance(data, Tensor):
        return data.dtype.name
    if isinstance(data, np.ndarray):
        return data.dtype.name
    return "float64"
