# EXERCISE 01.one_hot
# expect: correct
def one_hot(labels, classes):
    if isinstance(labels, Tensor):
        labels = labels.data
    arr = np.asarray(labels)
    if not np.issubdtype(arr.dtype, np.integer):
        raise TypeError(f"labels must be integers, got dtype {arr.dtype}")
    rows = np.zeros((len(arr), classes), dtype=np.float64)
    for i, lab in enumerate(arr):
        if lab < 0 or lab >= classes:
            raise ValueError(f"label {lab} at position {i} is outside 0..{classes - 1}")
        rows[i, lab] = 1.0
    return Tensor(rows)
