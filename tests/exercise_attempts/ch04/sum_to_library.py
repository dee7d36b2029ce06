# EXERCISE 04.sum_to
# expect: shortcut
def sum_to(grad, shape):
    return mg.sum_to(grad, shape)
