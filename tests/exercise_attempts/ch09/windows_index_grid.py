# EXERCISE 09.windows
# expect: correct
def make_windows(series, steps):
    rows = np.arange(len(series) - steps)[:, None] + np.arange(steps)[None, :]
    return series[rows], series[np.arange(steps, len(series))]
