# EXERCISE 07.mse_loss
# expect: incorrect: forgets the 2
def mse_loss(pred, target):
    diff = pred - target
    return float(np.mean(diff ** 2)), diff / diff.size
