# EXERCISE 08.accuracy
# expect: correct
def accuracy(logits, target):
    predicted = np.argmax(logits.data, axis=-1)
    hits = sum(int(p == t) for p, t in zip(predicted, target))
    return hits / len(target)
