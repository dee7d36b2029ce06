# EXERCISE 08.confusion_matrix
# expect: incorrect: a float matrix
def confusion_matrix(true, predicted, num_classes):
    m = np.zeros((num_classes, num_classes))
    np.add.at(m, (true, predicted), 1)
    return m
