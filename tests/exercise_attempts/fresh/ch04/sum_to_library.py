# EXERCISE 04.sum_to
# expect: incorrect: mg.sum_to
def sum_to(grad, shape):
    return mg.sum_to(grad, shape)
