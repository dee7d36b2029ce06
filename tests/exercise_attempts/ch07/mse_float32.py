# EXERCISE 07.mse_loss
# expect: incorrect: what float32 (about 7 digits) leaves behind
# From the blind attempts of issue 22 (fresh/ch07/mse_float32.py):
# computes in float32.
def mse_loss(pred, target):
    diff = (pred - target).astype(np.float32)
    return float(np.mean(diff ** 2)), (2 * diff / diff.size).astype(np.float64)
