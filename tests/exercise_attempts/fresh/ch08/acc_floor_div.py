# EXERCISE 08.accuracy
# expect: incorrect: integer division
def accuracy(logits, target):
    return float((logits.data.argmax(axis=1) == target).sum() // len(target))
