# EXERCISE 09.windows
# expect: mistake: windows_target_inside
def make_windows(series, steps):
    n = len(series)
    X = np.stack([series[i:i + steps] for i in range(n - steps)])
    y = np.array([series[i + steps - 1] for i in range(n - steps)])
    return X, y
