# EXERCISE 01.one_hot
# expect: correct
def one_hot(labels, classes):
    if isinstance(labels, Tensor):
        labels = labels.data
    labels = np.asarray(labels)
    if labels.size and not np.issubdtype(labels.dtype, np.integer):
        raise TypeError(f"one_hot needs integer labels, got dtype {labels.dtype}")
    if labels.size == 0:
        labels = labels.astype(np.int64)
    if np.any(labels < 0) or np.any(labels >= classes):
        raise ValueError(f"labels must be between 0 and {classes - 1}")
    return Tensor(np.eye(classes)[labels])
