# EXERCISE 08.confusion_matrix
# expect: correct
def confusion_matrix(true, predicted, num_classes):
    m = np.zeros((num_classes, num_classes), dtype=int)
    np.add.at(m, (np.asarray(true), np.asarray(predicted)), 1)
    return m
