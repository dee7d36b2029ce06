# EXERCISE 14.windows
# expect: correct
def make_batch(ids, starts, context):
    offsets = np.arange(context)
    inputs = ids[starts[:, None] + offsets]
    targets = ids[starts[:, None] + offsets + 1]
    return inputs, targets
