# EXERCISE 03.affine
# expect: correct
def affine(x, W, b):
    X, Wd, B = x.data, W.data, b.data
    return record(X @ Wd + B, (x, W, b),
                  lambda g: (g @ Wd.T, X.T @ g, g.sum(axis=0)), "affine")
