# EXERCISE 08.accuracy
# expect: incorrect: compares the largest value, not its index
def accuracy(logits, target):
    return float((logits.data.max(axis=1) == target).mean())
