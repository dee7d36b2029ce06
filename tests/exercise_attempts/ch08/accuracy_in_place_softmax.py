# EXERCISE 08.accuracy
# expect: incorrect: in place
# Normalises the logits' own array before taking the argmax.
def accuracy(logits, target):
    logits.data -= logits.data.max(axis=1, keepdims=True)
    return float(np.mean(logits.data.argmax(axis=1) == target))
