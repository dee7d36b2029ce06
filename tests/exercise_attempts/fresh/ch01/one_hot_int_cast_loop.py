# EXERCISE 01.one_hot
# expect: incorrect: int() on every label accepts 1.0 and even 1.7
def one_hot(labels, classes):
    seq = labels.data.tolist() if isinstance(labels, Tensor) else list(labels)
    out = np.zeros((len(seq), classes))
    for i, lab in enumerate(seq):
        k = int(lab)
        if not 0 <= k < classes:
            raise ValueError(f"label {lab} out of range")
        out[i, k] = 1.0
    return Tensor(out)
