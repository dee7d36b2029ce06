# EXERCISE 08.confusion_matrix
# expect: correct
def confusion_matrix(true, predicted, num_classes):
    table = [[0] * num_classes for _ in range(num_classes)]
    for t, q in zip(true, predicted):
        table[int(t)][int(q)] += 1
    return np.array(table, dtype=np.int64)
