# EXERCISE 03.affine
# expect: correct
# The bias gradient as ones @ g: the same sum over the batch, written as a product.
def affine(x, W, b):
    X, Wd, bd = x.data, W.data, b.data
    out = np.einsum("ni,io->no", X, Wd) + bd

    def backward(g):
        ones = np.ones(g.shape[0])
        return np.einsum("no,io->ni", g, Wd), np.einsum("ni,no->io", X, g), ones @ g

    return record(out, (x, W, b), backward, "affine")
