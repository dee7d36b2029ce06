# EXERCISE 09.windows
# expect: incorrect: one window too many (the last has no target)
def make_windows(series, steps):
    n = len(series)
    X = np.array([series[i:i + steps] for i in range(n - steps + 1)])
    y = np.append(series[steps:], np.nan)
    return X, y
