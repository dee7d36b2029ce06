# EXERCISE 07.mse_loss
# expect: mistake: mse_loss_wrong_sign
def mse_loss(pred, target):
    diff = target - pred
    return np.mean(diff ** 2), 2 * diff / diff.size
