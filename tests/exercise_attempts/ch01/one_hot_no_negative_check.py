# EXERCISE 01.one_hot
# expect: mistake: one_hot_no_negative_check
def one_hot(labels, classes):
    a = labels.data if isinstance(labels, Tensor) else np.asarray(labels)
    if not np.issubdtype(a.dtype, np.integer):
        raise TypeError("integer labels please")
    if (a >= classes).any():
        raise ValueError("label too large")
    out = np.zeros((len(a), classes))
    out[np.arange(len(a)), a] = 1.0
    return Tensor(out)
