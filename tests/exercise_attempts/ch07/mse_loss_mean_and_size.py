# EXERCISE 07.mse_loss
# expect: correct
# np.mean for the loss, and the gradient divided by the number of elements.
def mse_loss(pred, target):
    err = np.subtract(pred, target)
    n = np.prod(err.shape)
    return np.mean(np.square(err)).item(), err * (2.0 / n)
