# EXERCISE 04.div
# expect: correct
# d(a/b)/db = -(a/b)/b: uses the output, kept as a copy.
def div(a, b):
    A, B = a.data, b.data
    out = A / B
    kept = out.copy()

    def backward(g):
        return mg.sum_to(g / B, A.shape), mg.sum_to(-g * kept / B, B.shape)

    return record(out, (a, b), backward, "div")
