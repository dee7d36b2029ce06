# EXERCISE 01.tensor_dtype
# expect: shortcut
def tensor_dtype(data, dtype=None):
    return Tensor(data, dtype=dtype).dtype.name
