# EXERCISE 08.confusion_matrix
# expect: mistake: confusion_swapped
def confusion_matrix(true, predicted, num_classes):
    m = np.zeros((num_classes, num_classes), dtype=np.int64)
    for t, q in zip(true, predicted):
        m[q, t] += 1
    return m
