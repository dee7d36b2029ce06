# EXERCISE 05.mse
# expect: incorrect: NumPy on .data gives no graph
def mse(pred, target):
    return Tensor(np.mean((pred.data - target.data) ** 2))
