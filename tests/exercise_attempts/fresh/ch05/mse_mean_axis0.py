# EXERCISE 05.mse
# expect: incorrect: mean over the first axis only
def mse(pred, target):
    return ((pred - target) ** 2).mean(0)
