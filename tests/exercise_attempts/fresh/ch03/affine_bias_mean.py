# EXERCISE 03.affine
# expect: incorrect: b's gradient is the mean over rows
def affine(x, W, b):
    X, Wd = x.data, W.data
    return record(X @ Wd + b.data, (x, W, b),
                  lambda g: (g @ Wd.T, X.T @ g, g.mean(axis=0)), "affine")
