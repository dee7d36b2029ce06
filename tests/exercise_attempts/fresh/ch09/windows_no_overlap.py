# EXERCISE 09.windows
# expect: incorrect: windows that do not overlap
def make_windows(series, steps):
    starts = range(0, len(series) - steps, steps)
    X = np.stack([series[i:i + steps] for i in starts])
    y = np.array([series[i + steps] for i in starts])
    return X, y
