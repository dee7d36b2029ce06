# EXERCISE 09.windows
# expect: incorrect: y as a column (n - steps, 1)
def make_windows(series, steps):
    n = len(series)
    X = np.stack([series[i:i + steps] for i in range(n - steps)])
    return X, series[steps:].reshape(-1, 1)
