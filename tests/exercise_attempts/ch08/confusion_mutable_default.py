# EXERCISE 08.confusion_matrix
# expect: incorrect: default
# Caches matrices in a mutable default dict keyed by size, and keeps counting into them.
def confusion_matrix(true, predicted, num_classes, _cache={}):
    m = _cache.setdefault(num_classes, np.zeros((num_classes, num_classes), dtype=int))
    for t, q in zip(true, predicted):
        m[t, q] += 1
    return m
