# EXERCISE 03.affine
# expect: incorrect: W's gradient transposed (fits only for square W)
def affine(x, W, b):
    X, Wd = x.data, W.data
    return record(X @ Wd + b.data, (x, W, b),
                  lambda g: (g @ Wd.T, g.T @ X, g.sum(axis=0)), "affine")
