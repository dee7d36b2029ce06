# EXERCISE 01.one_hot
# expect: mistake: one_hot_rounds_floats
def one_hot(labels, classes):
    a = labels.data if isinstance(labels, Tensor) else np.asarray(labels)
    a = a.astype(int)
    if (a < 0).any() or (a >= classes).any():
        raise ValueError("label out of range")
    return Tensor(np.eye(classes)[a])
