# EXERCISE 03.affine
# expect: incorrect: sums b's gradient over the wrong axis (shape fits only when N == out)
def affine(x, W, b):
    X, Wd = x.data, W.data
    return record(X @ Wd + b.data, (x, W, b),
                  lambda g: (g @ Wd.T, X.T @ g, g.sum(axis=1)), "affine")
