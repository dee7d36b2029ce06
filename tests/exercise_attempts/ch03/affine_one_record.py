# EXERCISE 03.affine
# expect: correct
def affine(x, W, b):
    X, Wd = x.data, W.data

    def backward(g):
        return g @ Wd.T, X.T @ g, g.sum(axis=0)

    return record(X @ Wd + b.data, (x, W, b), backward, "affine")
