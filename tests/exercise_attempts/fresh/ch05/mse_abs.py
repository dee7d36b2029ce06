# EXERCISE 05.mse
# expect: incorrect: mean absolute error
def mse(pred, target):
    d = pred - target
    return (d * (d.data > 0) - d * (d.data <= 0)).mean()
