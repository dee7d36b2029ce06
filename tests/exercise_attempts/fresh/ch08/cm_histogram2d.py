# EXERCISE 08.confusion_matrix
# expect: incorrect: histogram2d returns floats (and a tuple)
def confusion_matrix(true, predicted, num_classes):
    h, _, _ = np.histogram2d(true, predicted, bins=num_classes, range=[[0, num_classes], [0, num_classes]])
    return h
