# EXERCISE 07.mse_loss
# expect: incorrect: derivative with respect to target, not pred
def mse_loss(pred, target):
    diff = target - pred
    return float(np.mean(diff ** 2)), 2 * diff / diff.size
