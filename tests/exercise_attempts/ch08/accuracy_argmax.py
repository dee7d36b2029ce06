# EXERCISE 08.accuracy
# expect: correct
def accuracy(logits, target):
    return float(np.mean(logits.data.argmax(axis=1) == target))
