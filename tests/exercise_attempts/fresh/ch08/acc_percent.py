# EXERCISE 08.accuracy
# expect: incorrect: a percentage
def accuracy(logits, target):
    return float(100 * (logits.data.argmax(axis=1) == target).mean())
