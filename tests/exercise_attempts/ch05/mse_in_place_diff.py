# EXERCISE 05.mse
# expect: incorrect: in place
# Subtracts the target from the prediction's own array first.
def mse(pred, target):
    pred.data -= target.data
    return (pred ** 2).mean()
