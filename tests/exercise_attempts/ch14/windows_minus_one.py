# EXERCISE 14.windows
# expect: mistake: windows_shifted_back
def make_batch(ids, starts, context):
    x = np.array([ids[s:s + context] for s in starts])
    y = np.array([ids[s - 1:s - 1 + context] for s in starts])
    return x, y
