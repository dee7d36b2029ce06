# EXERCISE 01.describe
# expect: correct
# A leaf is a tensor that no recorded op made: it has no parents.
def describe(t):
    n = 1
    for size in t.shape:
        n *= size
    return {"shape": tuple(t.shape), "ndim": len(t.shape), "dtype": str(t.dtype),
            "numel": n, "requires_grad": bool(t.requires_grad), "is_leaf": not t.parents}
