# EXERCISE 03.affine
# expect: correct
def affine(x, W, b):
    X, Wd = x.data, W.data

    def backward(g):
        dx = np.einsum("no,io->ni", g, Wd)
        dW = np.einsum("ni,no->io", X, g)
        db = np.einsum("no->o", g)
        return dx, dW, db

    return record(np.einsum("ni,io->no", X, Wd) + b.data, (x, W, b), backward, "affine")
