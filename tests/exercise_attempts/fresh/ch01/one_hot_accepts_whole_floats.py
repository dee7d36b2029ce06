# EXERCISE 01.one_hot
# expect: incorrect: accepts floats that happen to be whole
def one_hot(labels, classes):
    arr = labels.data if isinstance(labels, Tensor) else np.asarray(labels)
    if not np.all(arr == np.round(arr)):
        raise TypeError("labels must be whole numbers")
    arr = arr.astype(int)
    if (arr < 0).any() or (arr >= classes).any():
        raise ValueError("label out of range")
    out = np.zeros((len(arr), classes))
    out[np.arange(len(arr)), arr] = 1.0
    return Tensor(out)
