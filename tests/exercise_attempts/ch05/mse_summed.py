# EXERCISE 05.mse
# expect: mistake: mse_summed
def mse(pred, target):
    return ((pred - target) ** 2).sum()
