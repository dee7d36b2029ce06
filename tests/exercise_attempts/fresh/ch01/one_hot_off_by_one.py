# EXERCISE 01.one_hot
# expect: incorrect: lets the label equal to classes through (then NumPy raises IndexError)
def one_hot(labels, classes):
    arr = labels.data if isinstance(labels, Tensor) else np.asarray(labels)
    if not np.issubdtype(arr.dtype, np.integer):
        raise TypeError("labels must be integers")
    if (arr < 0).any() or (arr > classes).any():
        raise ValueError("label out of range")
    out = np.zeros((len(arr), classes))
    out[np.arange(len(arr)), arr] = 1.0
    return Tensor(out)
