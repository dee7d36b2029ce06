# EXERCISE 07.mse_loss
# expect: mistake: mse_loss_no_mean
# The loss is a mean, but the gradient forgot the 1/n.
def mse_loss(pred, target):
    diff = pred - target
    return np.mean(diff ** 2), 2 * diff
