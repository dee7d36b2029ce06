# EXERCISE 08.accuracy
# expect: correct
def accuracy(logits, target):
    return float((logits.data.argmax(axis=1) == np.asarray(target)).mean())
