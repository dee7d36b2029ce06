# EXERCISE 07.mse_loss
# expect: incorrect: in place
def mse_loss(pred, target):
    pred -= target
    return np.mean(pred ** 2), 2 * pred / pred.size
