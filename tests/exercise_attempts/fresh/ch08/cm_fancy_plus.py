# EXERCISE 08.confusion_matrix
# expect: incorrect: fancy-index += counts repeated pairs once
def confusion_matrix(true, predicted, num_classes):
    m = np.zeros((num_classes, num_classes), dtype=int)
    m[true, predicted] += 1
    return m
