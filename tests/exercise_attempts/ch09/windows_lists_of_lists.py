# EXERCISE 09.windows
# expect: incorrect: array
# Python lists instead of NumPy arrays.
def make_windows(series, steps):
    n = len(series)
    X = [list(series[i:i + steps]) for i in range(n - steps)]
    y = [series[i + steps] for i in range(n - steps)]
    return X, y
