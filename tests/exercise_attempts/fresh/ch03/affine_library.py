# EXERCISE 03.affine
# expect: incorrect: minigrad's @ and +, two library ops
def affine(x, W, b):
    return x @ W + b
