# EXERCISE 08.confusion_matrix
# expect: incorrect: NumPy array
# Counts correctly, then wraps the counts in a Tensor.
def confusion_matrix(true, predicted, num_classes):
    m = np.zeros((num_classes, num_classes), dtype=np.int64)
    for t, q in zip(true, predicted):
        m[t, q] += 1
    return Tensor(m)
