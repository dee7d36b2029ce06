# EXERCISE 11.kaiming_std
# expect: incorrect: returns a 0-d NumPy array
def kaiming_std(layer, nonlinearity="relu"):
    gains = {"relu": np.sqrt(2.0), "tanh": 5.0 / 3.0, "linear": 1.0}
    if nonlinearity not in gains:
        raise ValueError(f"unknown nonlinearity {nonlinearity!r}")
    return np.array(gains[nonlinearity] / np.sqrt(layer.in_features))
