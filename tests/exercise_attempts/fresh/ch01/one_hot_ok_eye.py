# EXERCISE 01.one_hot
# expect: correct
def one_hot(labels, classes):
    arr = labels.data if isinstance(labels, Tensor) else np.asarray(labels)
    if arr.dtype.kind not in "iu":
        raise TypeError(f"one_hot needs integer class labels, not {arr.dtype}")
    if arr.size and (arr.min() < 0 or arr.max() > classes - 1):
        raise ValueError(f"labels must lie in [0, {classes}), got {arr.min()}..{arr.max()}")
    return Tensor(np.eye(classes)[arr])
