# EXERCISE 14.windows
# expect: mistake: windows_targets_short
def make_batch(ids, starts, context):
    xs = np.stack([ids[s:s + context] for s in starts])
    ys = np.stack([ids[s + 1:s + context] for s in starts])
    return xs, ys
