# EXERCISE 11.kaiming_std
# expect: mistake: kaiming_no_gain
# The LeCun standard deviation: the gain is never applied.
def kaiming_std(layer, nonlinearity="relu"):
    if nonlinearity not in ("relu", "tanh", "linear"):
        raise ValueError(nonlinearity)
    return 1 / math.sqrt(layer.in_features)
