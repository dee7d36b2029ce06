# EXERCISE 08.accuracy
# expect: incorrect: division
# Uses argmax, then integer division, which floors the fraction to 0 (or 1).
def accuracy(logits, target):
    correct = int((logits.data.argmax(axis=1) == target).sum())
    return float(correct // len(target))
