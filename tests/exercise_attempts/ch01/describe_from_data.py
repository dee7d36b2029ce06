# EXERCISE 01.describe
# expect: correct
# Everything read off the NumPy array, and "leaf" from the op that made it.
def describe(t):
    a = t.data
    info = dict(shape=tuple(a.shape), ndim=len(a.shape), dtype=str(a.dtype))
    info["numel"] = int(np.prod(a.shape))
    info["requires_grad"] = bool(t.requires_grad)
    info["is_leaf"] = t.op is None
    return info
