# EXERCISE 01.one_hot
# expect: mistake: one_hot_returns_array
def one_hot(labels, classes):
    a = labels.data if isinstance(labels, Tensor) else np.asarray(labels)
    if not np.issubdtype(a.dtype, np.integer):
        raise TypeError("integer labels please")
    if (a < 0).any() or (a >= classes).any():
        raise ValueError("label out of range")
    return np.eye(classes)[a]
