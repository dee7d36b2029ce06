# EXERCISE 07.mse_loss
# expect: incorrect: computes in float32
def mse_loss(pred, target):
    diff = (pred - target).astype(np.float32)
    return float(np.mean(diff ** 2)), (2 * diff / diff.size).astype(np.float64)
