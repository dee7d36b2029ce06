# EXERCISE 08.accuracy
# expect: incorrect: argmax down the columns
def accuracy(logits, target):
    pred = logits.data.argmax(axis=0)
    n = min(len(pred), len(target))
    return float((pred[:n] == target[:n]).sum() / len(target))
