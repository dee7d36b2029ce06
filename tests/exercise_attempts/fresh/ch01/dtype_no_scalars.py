# EXERCISE 01.tensor_dtype
# expect: incorrect: forgets NumPy scalars are typed
def tensor_dtype(data, dtype=None):
    if dtype is not None:
        return np.dtype(dtype).name
    if isinstance(data, (np.ndarray, Tensor)):
        return data.dtype.name
    return "float64"
