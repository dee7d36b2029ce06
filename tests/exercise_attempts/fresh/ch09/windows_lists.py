# EXERCISE 09.windows
# expect: incorrect: Python lists, not arrays
def make_windows(series, steps):
    n = len(series)
    return [list(series[i:i + steps]) for i in range(n - steps)], list(series[steps:])
