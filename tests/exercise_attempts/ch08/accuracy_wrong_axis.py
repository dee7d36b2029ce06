# EXERCISE 08.accuracy
# expect: mistake: accuracy_wrong_axis
def accuracy(logits, target):
    return float(np.mean(logits.data.argmax(axis=0) == target))
