# EXERCISE 01.tensor_dtype
# expect: incorrect: rule 1 before rule 2
# Looks at typed data before the dtype argument.
def tensor_dtype(data, dtype=None):
    if isinstance(data, Tensor):
        return data.dtype.name
    if dtype is not None:
        return np.dtype(dtype).name
    if isinstance(data, (np.ndarray, np.generic)):
        return data.dtype.name
    return "float64"
