# EXERCISE 14.windows
# expect: mistake: windows_swapped
def make_batch(ids, starts, context):
    rows = starts[:, None] + np.arange(context)
    return ids[rows + 1], ids[rows]
