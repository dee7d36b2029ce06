# EXERCISE 03.affine
# expect: shortcut
def affine(x, W, b):
    return mg.nn.functional.linear(x, W.T, b)
