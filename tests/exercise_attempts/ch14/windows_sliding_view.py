# EXERCISE 14.windows
# expect: correct
def make_batch(ids, starts, context):
    from numpy.lib.stride_tricks import sliding_window_view
    every = sliding_window_view(ids, context)        # every window of the text, one a row
    starts = np.asarray(starts)
    return every[starts], every[starts + 1]
