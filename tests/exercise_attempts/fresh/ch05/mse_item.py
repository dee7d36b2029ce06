# EXERCISE 05.mse
# expect: incorrect: returns a Python float
def mse(pred, target):
    return ((pred - target) ** 2).mean().item()
