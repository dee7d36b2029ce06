# EXERCISE 09.windows
# expect: incorrect: windows listed from the end backwards
def make_windows(series, steps):
    n = len(series)
    idx = list(range(n - steps))[::-1]
    X = np.stack([series[i:i + steps] for i in idx])
    return X, np.array([series[i + steps] for i in idx])
