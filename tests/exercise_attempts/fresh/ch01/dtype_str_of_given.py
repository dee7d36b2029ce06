# EXERCISE 01.tensor_dtype
# expect: incorrect: str() of the given dtype (fine for strings, wrong for np.float32)
def tensor_dtype(data, dtype=None):
    if dtype is not None:
        return str(dtype)
    if isinstance(data, (np.ndarray, np.generic, Tensor)):
        return str(data.dtype)
    return "float64"
