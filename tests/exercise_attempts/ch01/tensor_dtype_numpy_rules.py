# EXERCISE 01.tensor_dtype
# expect: mistake: tensor_dtype_numpy_rules
def tensor_dtype(data, dtype=None):
    if dtype is not None:
        return np.dtype(dtype).name
    if isinstance(data, Tensor):
        data = data.data
    return np.asarray(data).dtype.name
