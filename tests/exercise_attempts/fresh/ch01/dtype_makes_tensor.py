# EXERCISE 01.tensor_dtype
# expect: incorrect: creates a Tensor, which the text forbids
def tensor_dtype(data, dtype=None):
    return Tensor(data, dtype=dtype).dtype.name
