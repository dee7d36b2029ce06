# EXERCISE 05.mse
# expect: correct
# diff * diff summed, divided by the number of elements.
def mse(pred, target):
    diff = pred - target
    return (diff * diff).sum() / pred.data.size
