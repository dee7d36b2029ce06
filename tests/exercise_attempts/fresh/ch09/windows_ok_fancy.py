# EXERCISE 09.windows
# expect: correct
def make_windows(series, steps):
    series = np.asarray(series)
    starts = np.arange(len(series) - steps)[:, None]
    X = series[starts + np.arange(steps)[None, :]]
    return X, series[starts[:, 0] + steps]
