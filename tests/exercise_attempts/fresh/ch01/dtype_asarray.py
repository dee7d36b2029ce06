# EXERCISE 01.tensor_dtype
# expect: incorrect: lets NumPy pick, so lists of whole numbers become int64
def tensor_dtype(data, dtype=None):
    if dtype is not None:
        return np.dtype(dtype).name
    if isinstance(data, Tensor):
        return data.dtype.name
    return np.asarray(data).dtype.name
