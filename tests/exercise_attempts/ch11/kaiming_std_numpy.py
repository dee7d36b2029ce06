# EXERCISE 11.kaiming_std
# expect: correct
# The variance first, then NumPy's square root (a NumPy float counts as a number).
GAIN_SQUARED = {"relu": 2.0, "tanh": 25 / 9, "linear": 1.0}


def kaiming_std(layer, nonlinearity="relu"):
    if nonlinearity not in GAIN_SQUARED:
        raise ValueError(f"{nonlinearity} is not supported")
    return np.sqrt(GAIN_SQUARED[nonlinearity] / layer.in_features)
