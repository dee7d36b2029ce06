# EXERCISE 09.windows
# expect: incorrect: casts to int, truncating real-valued series
def make_windows(series, steps):
    n = len(series)
    X = np.array([series[i:i + steps] for i in range(n - steps)], dtype=int)
    return X, np.array(series[steps:], dtype=int)
