# EXERCISE 01.one_hot
# expect: incorrect: TypeError
# Accepts int64 only, so an int32 or uint8 label array is refused.
def one_hot(labels, classes):
    a = labels.data if isinstance(labels, Tensor) else np.asarray(labels)
    if a.dtype != np.int64:
        raise TypeError(f"labels must be int64, got {a.dtype}")
    if (a < 0).any() or (a >= classes).any():
        raise ValueError("label out of range")
    return Tensor(np.eye(classes)[a])
