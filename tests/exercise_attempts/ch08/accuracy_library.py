# EXERCISE 08.accuracy
# expect: shortcut
def accuracy(logits, target):
    return mg.train.accuracy(logits, target)
