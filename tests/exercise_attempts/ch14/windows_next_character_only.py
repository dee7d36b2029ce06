# EXERCISE 14.windows
# expect: mistake: windows_next_only
def make_batch(ids, starts, context):
    inputs = np.stack([ids[s:s + context] for s in starts])
    targets = ids[np.asarray(starts) + context]      # the character after each window
    return inputs, targets
