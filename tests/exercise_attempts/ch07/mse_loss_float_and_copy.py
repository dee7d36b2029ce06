# EXERCISE 07.mse_loss
# expect: correct
def mse_loss(pred, target):
    n = np.size(pred)
    d = np.subtract(pred, target)
    loss = float(np.dot(d.ravel(), d.ravel()) / n)
    return loss, (2.0 / n) * d
