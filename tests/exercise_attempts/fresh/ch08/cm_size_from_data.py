# EXERCISE 08.confusion_matrix
# expect: incorrect: the size comes from the labels seen, not num_classes
def confusion_matrix(true, predicted, num_classes):
    k = int(max(np.max(true), np.max(predicted))) + 1
    m = np.zeros((k, k), dtype=int)
    np.add.at(m, (true, predicted), 1)
    return m
