# EXERCISE 03.affine
# expect: mistake: affine_composed
def affine(x, W, b):
    return x @ W + b
