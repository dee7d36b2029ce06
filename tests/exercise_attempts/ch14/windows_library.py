# EXERCISE 14.windows
# expect: shortcut
from minigrad.examples import char_lm


def make_batch(ids, starts, context):
    x, y = char_lm.eval_windows(ids, context, len(starts))
    rows = starts[:, None] + np.arange(context)
    return ids[rows], ids[rows + 1]
