# EXERCISE 01.describe
# expect: correct
def describe(t):
    arr = t.data
    return dict(shape=arr.shape, ndim=arr.ndim, dtype=str(arr.dtype), numel=int(arr.size),
                requires_grad=bool(t.requires_grad), is_leaf=bool(t.is_leaf))
