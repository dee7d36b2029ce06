# EXERCISE 05.mse
# expect: mistake: mse_numpy_requires_grad
# Computes the number with NumPy and then asks for gradients on the result: the inputs do
# require grad, but the result is not connected to them.
def mse(pred, target):
    value = np.mean(np.square(pred.data - target.data))
    return Tensor(value, requires_grad=True)
