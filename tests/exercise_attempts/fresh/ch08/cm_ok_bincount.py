# EXERCISE 08.confusion_matrix
# expect: correct
def confusion_matrix(true, predicted, num_classes):
    flat = np.asarray(true) * num_classes + np.asarray(predicted)
    return np.bincount(flat, minlength=num_classes * num_classes).reshape(num_classes, num_classes)
