# EXERCISE 08.accuracy
# expect: incorrect: mg.train.accuracy
def accuracy(logits, target):
    return float(mg.train.accuracy(logits, target))
