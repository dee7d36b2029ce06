# EXERCISE 14.windows
# expect: correct
def make_batch(ids, starts, context):
    xs, ys = [], []
    for s in starts:
        xs.append(ids[s:s + context])
        ys.append(ids[s + 1:s + context + 1])
    return np.stack(xs), np.stack(ys)
