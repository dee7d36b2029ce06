# EXERCISE 05.mse
# expect: correct
def mse(pred, target):
    d = target - pred
    return (d * d).sum() / d.data.size
