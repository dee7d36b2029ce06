# EXERCISE 11.kaiming_std
# expect: incorrect: 5 // 3 makes the tanh gain 1
def kaiming_std(layer, nonlinearity="relu"):
    gains = {"relu": math.sqrt(2), "tanh": 5 // 3, "linear": 1}
    if nonlinearity not in gains:
        raise ValueError(f"unknown nonlinearity {nonlinearity!r}")
    return float(gains[nonlinearity] / math.sqrt(layer.in_features))
