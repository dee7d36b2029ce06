# EXERCISE 01.one_hot
# expect: correct
# Row by row, with the checks written out.
def one_hot(labels, classes):
    raw = labels.data if isinstance(labels, Tensor) else labels
    if isinstance(raw, list):
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in raw):
            raise TypeError("labels must be ints")
        raw = np.array(raw, dtype=np.int64)
    if raw.dtype.kind not in "iu":
        raise TypeError(f"labels must have an integer dtype, not {raw.dtype}")
    out = np.zeros((len(raw), classes))
    for row, label in enumerate(raw):
        if not 0 <= label < classes:
            raise ValueError(f"label {label} is not a class between 0 and {classes - 1}")
        out[row, label] = 1.0
    return Tensor(out)
