# EXERCISE 05.mse
# expect: correct
def mse(pred, target):
    return ((pred - target) ** 2).mean()
