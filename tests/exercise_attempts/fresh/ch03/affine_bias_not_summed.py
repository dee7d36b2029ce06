# EXERCISE 03.affine
# expect: incorrect: b's gradient keeps the batch axis
def affine(x, W, b):
    X, Wd = x.data, W.data
    return record(X @ Wd + b.data, (x, W, b), lambda g: (g @ Wd.T, X.T @ g, g), "affine")
