# EXERCISE 11.kaiming_std
# expect: mistake: kaiming_variance
# Returns gain² / fan_in, the variance.
def kaiming_std(layer, nonlinearity="relu"):
    gains = {"relu": math.sqrt(2), "tanh": 5 / 3, "linear": 1.0}
    if nonlinearity not in gains:
        raise ValueError(nonlinearity)
    return gains[nonlinearity] ** 2 / layer.in_features
