# EXERCISE 11.kaiming_std
# expect: incorrect: a KeyError, not a ValueError
def kaiming_std(layer, nonlinearity="relu"):
    gains = {"relu": math.sqrt(2.0), "tanh": 5.0 / 3.0, "linear": 1.0}
    return float(gains[nonlinearity] / math.sqrt(layer.in_features))
