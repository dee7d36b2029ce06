# EXERCISE 01.tensor_dtype
# expect: incorrect: the data's dtype wins over the dtype argument
def tensor_dtype(data, dtype=None):
    if isinstance(data, (np.ndarray, np.generic, Tensor)):
        return data.dtype.name
    if dtype is not None:
        return np.dtype(dtype).name
    return "float64"
