# EXERCISE 09.windows
# expect: incorrect: the target is the window's own last value
def make_windows(series, steps):
    n = len(series)
    X = np.stack([series[i:i + steps] for i in range(n - steps)])
    return X, series[steps - 1:n - 1].copy()
