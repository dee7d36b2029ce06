# EXERCISE 01.one_hot
# expect: incorrect: raises ValueError for float labels instead of TypeError
def one_hot(labels, classes):
    arr = labels.data if isinstance(labels, Tensor) else np.asarray(labels)
    if not np.issubdtype(arr.dtype, np.integer) or (arr < 0).any() or (arr >= classes).any():
        raise ValueError(f"bad labels {arr}")
    out = np.zeros((len(arr), classes))
    out[np.arange(len(arr)), arr] = 1.0
    return Tensor(out)
