# EXERCISE 03.affine
# expect: incorrect: sums b's gradient over everything, giving one number per output the same
def affine(x, W, b):
    X, Wd = x.data, W.data
    return record(X @ Wd + b.data, (x, W, b),
                  lambda g: (g @ Wd.T, X.T @ g, np.full(Wd.shape[1], g.sum())), "affine")
