# EXERCISE 03.affine
# expect: incorrect: b's gradient from the first row only (right for N = 1)
def affine(x, W, b):
    X, Wd = x.data, W.data
    return record(X @ Wd + b.data, (x, W, b),
                  lambda g: (g @ Wd.T, X.T @ g, g[0].copy()), "affine")
