# EXERCISE 08.accuracy
# expect: incorrect: float
# Returns NumPy's float64 scalar... wrapped in a 0-d array.
def accuracy(logits, target):
    return np.array((logits.data.argmax(axis=1) == target).mean())
