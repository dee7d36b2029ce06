# EXERCISE 09.windows
# expect: correct
# NumPy's sliding window (a read-only view), minus the last window, which has no target.
from numpy.lib.stride_tricks import sliding_window_view


def make_windows(series, steps):
    X = sliding_window_view(series, steps)[:-1]
    return X, series[steps:]
