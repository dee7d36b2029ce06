# EXERCISE 11.kaiming_std
# expect: incorrect: Python number
# Right value, but a 1-element NumPy array instead of a float.
def kaiming_std(layer, nonlinearity="relu"):
    gains = {"relu": 2 ** 0.5, "tanh": 5 / 3, "linear": 1.0}
    if nonlinearity not in gains:
        raise ValueError(nonlinearity)
    return np.array([gains[nonlinearity]]) / np.sqrt(layer.in_features)
