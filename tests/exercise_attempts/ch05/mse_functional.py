# EXERCISE 05.mse
# expect: shortcut
def mse(pred, target):
    return mg.nn.functional.mse_loss(pred, target)
