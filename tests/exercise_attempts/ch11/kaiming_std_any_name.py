# EXERCISE 11.kaiming_std
# expect: incorrect: should raise a ValueError
# Unknown names silently get a gain of 1 instead of an error.
def kaiming_std(layer, nonlinearity="relu"):
    gain = {"relu": math.sqrt(2), "tanh": 5 / 3}.get(nonlinearity, 1.0)
    return gain / math.sqrt(layer.in_features)
