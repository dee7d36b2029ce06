# EXERCISE 05.mse
# expect: incorrect: a sum, not a mean
def mse(pred, target):
    return ((pred - target) ** 2).sum()
