# EXERCISE 07.mse_loss
# expect: correct
def mse_loss(pred, target):
    diff = pred - target
    return float(np.mean(diff ** 2)), 2 * diff / diff.size
