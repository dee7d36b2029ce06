# EXERCISE 11.kaiming_std
# expect: incorrect: the ValueError does not name the nonlinearity
def kaiming_std(layer, nonlinearity="relu"):
    gains = {"relu": math.sqrt(2.0), "tanh": 5.0 / 3.0, "linear": 1.0}
    if nonlinearity not in gains:
        raise ValueError("unsupported activation")
    return float(gains[nonlinearity] / math.sqrt(layer.in_features))
