# EXERCISE 03.affine
# expect: incorrect: b
# Sends the bias only the first row's gradient.
def affine(x, W, b):
    X, Wd = x.data, W.data
    return record(X @ Wd + b.data, (x, W, b),
                  lambda g: (g @ Wd.T, X.T @ g, g[0].copy()), "affine")
