# EXERCISE 07.mse_loss
# expect: correct
def mse_loss(pred, target):
    d = np.subtract(pred, target)
    n = d.size
    loss = np.square(d).sum() / n
    dloss = d * (2.0 / n)
    return loss, dloss
