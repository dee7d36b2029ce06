# EXERCISE 09.windows
# expect: incorrect: NumPy array
# Builds the rows as a list, and returns them as a list.
def make_windows(series, steps):
    X = [list(series[i:i + steps]) for i in range(len(series) - steps)]
    y = np.array(series[steps:])
    return X, y
