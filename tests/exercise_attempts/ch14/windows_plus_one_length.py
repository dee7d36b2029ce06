# EXERCISE 14.windows
# expect: mistake: windows_too_long
def make_batch(ids, starts, context):
    rows = starts[:, None] + np.arange(context + 1)
    return ids[rows], ids[np.minimum(rows + 1, len(ids) - 1)]
