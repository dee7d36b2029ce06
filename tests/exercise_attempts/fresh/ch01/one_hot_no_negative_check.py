# EXERCISE 01.one_hot
# expect: incorrect: a negative label wraps round instead of raising
def one_hot(labels, classes):
    arr = labels.data if isinstance(labels, Tensor) else np.asarray(labels)
    if not np.issubdtype(arr.dtype, np.integer):
        raise TypeError("labels must be integers")
    if (arr >= classes).any():
        raise ValueError("label too large")
    out = np.zeros((len(arr), classes))
    out[np.arange(len(arr)), arr] = 1.0
    return Tensor(out)
