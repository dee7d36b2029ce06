# EXERCISE 08.accuracy
# expect: correct
def accuracy(logits, target):
    hits = 0
    rows = logits.data
    for i in range(rows.shape[0]):
        best = 0
        for j in range(1, rows.shape[1]):
            if rows[i, j] > rows[i, best]:
                best = j
        hits += int(best == target[i])
    return hits / rows.shape[0]
