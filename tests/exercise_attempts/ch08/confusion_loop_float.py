# EXERCISE 08.confusion_matrix
# expect: incorrect: integer
# Counts correctly but in a float array.
def confusion_matrix(true, predicted, num_classes):
    m = np.zeros((num_classes, num_classes))
    for t, q in zip(true, predicted):
        m[t, q] += 1
    return m
