# EXERCISE 09.windows
# expect: incorrect: tuple
# Right arrays, returned as a list [X, y] instead of a pair.
def make_windows(series, steps):
    n = len(series)
    X = np.array([series[i:i + steps] for i in range(n - steps)])
    return [X, series[steps:]]
