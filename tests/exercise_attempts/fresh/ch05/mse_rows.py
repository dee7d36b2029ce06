# EXERCISE 05.mse
# expect: incorrect: divides by the number of rows (right only for one column)
def mse(pred, target):
    return ((pred - target) ** 2).sum() / pred.shape[0]
