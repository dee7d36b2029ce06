# EXERCISE 08.accuracy
# expect: incorrect: the number right, not the fraction
def accuracy(logits, target):
    return float((logits.data.argmax(axis=1) == target).sum())
