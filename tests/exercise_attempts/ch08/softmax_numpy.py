# EXERCISE 08.softmax
# expect: incorrect: NumPy
# Right numbers from NumPy, wrapped in a Tensor: no gradient reaches the logits.
def softmax(logits):
    z = logits.data - logits.data.max(axis=1, keepdims=True)
    e = np.exp(z)
    return Tensor(e / e.sum(axis=1, keepdims=True))
