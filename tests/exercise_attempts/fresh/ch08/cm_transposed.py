# EXERCISE 08.confusion_matrix
# expect: incorrect: rows are the predictions
def confusion_matrix(true, predicted, num_classes):
    m = np.zeros((num_classes, num_classes), dtype=int)
    np.add.at(m, (predicted, true), 1)
    return m
