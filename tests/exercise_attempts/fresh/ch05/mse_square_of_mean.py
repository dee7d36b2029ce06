# EXERCISE 05.mse
# expect: incorrect: square of the mean error
def mse(pred, target):
    return ((pred - target).mean()) ** 2
