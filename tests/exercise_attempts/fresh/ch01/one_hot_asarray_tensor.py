# EXERCISE 01.one_hot
# expect: incorrect: np.asarray on a Tensor gives an object array, so integer Tensors are refused
def one_hot(labels, classes):
    arr = np.asarray(labels)
    if not np.issubdtype(arr.dtype, np.integer):
        raise TypeError(f"labels must be integers, got {arr.dtype}")
    if (arr < 0).any() or (arr >= classes).any():
        raise ValueError("label out of range")
    out = np.zeros((len(arr), classes))
    out[np.arange(len(arr)), arr] = 1.0
    return Tensor(out)
