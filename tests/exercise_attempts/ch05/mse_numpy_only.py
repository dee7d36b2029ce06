# EXERCISE 05.mse
# expect: mistake: mse_numpy
def mse(pred, target):
    return Tensor(np.mean((pred.data - target.data) ** 2))
