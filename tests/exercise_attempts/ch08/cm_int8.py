# EXERCISE 08.confusion_matrix
# expect: incorrect: which go up to 127 only
# From the blind attempts of issue 22 (fresh/ch08/cm_int8.py):
# int8 counts wrap round past 127.
def confusion_matrix(true, predicted, num_classes):
    m = np.zeros((num_classes, num_classes), dtype=np.int8)
    np.add.at(m, (true, predicted), 1)
    return m
