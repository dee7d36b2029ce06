# EXERCISE 01.one_hot
# expect: incorrect: should hold floating-point numbers
# The right ones and zeros, but as integers.
def one_hot(labels, classes):
    a = labels.data if isinstance(labels, Tensor) else np.asarray(labels)
    if not np.issubdtype(a.dtype, np.integer):
        raise TypeError("integer labels please")
    if (a < 0).any() or (a >= classes).any():
        raise ValueError("label out of range")
    out = np.zeros((len(a), classes), dtype=np.int64)
    out[np.arange(len(a)), a] = 1
    return Tensor(out)
