# EXERCISE 14.windows
# expect: mistake: windows_not_shifted
def make_batch(ids, starts, context):
    x = np.stack([ids[s:s + context] for s in starts])
    return x, x
