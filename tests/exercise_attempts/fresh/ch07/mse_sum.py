# EXERCISE 07.mse_loss
# expect: incorrect: the loss is a sum
def mse_loss(pred, target):
    diff = pred - target
    return float(np.sum(diff ** 2)), 2 * diff
