# EXERCISE 09.windows
# expect: correct
def make_windows(series, steps):
    n = len(series)
    X = np.stack([series[i:i + steps] for i in range(n - steps)])
    y = series[steps:].copy()
    return X, y
