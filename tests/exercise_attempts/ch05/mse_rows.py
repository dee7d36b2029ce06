# EXERCISE 05.mse
# expect: incorrect: the mean is over all 6 elements
# From the blind attempts of issue 22 (fresh/ch05/mse_rows.py):
# divides by the number of rows (right only for one column).
def mse(pred, target):
    return ((pred - target) ** 2).sum() / pred.shape[0]
