# EXERCISE 07.mse_loss
# expect: incorrect: dloss is the raw difference
def mse_loss(pred, target):
    diff = pred - target
    return float(np.mean(diff ** 2)), diff
