# EXERCISE 07.mse_loss
# expect: incorrect: dloss divides by rows (right only for one column)
def mse_loss(pred, target):
    diff = pred - target
    return float(np.mean(diff ** 2)), 2 * diff / len(pred)
