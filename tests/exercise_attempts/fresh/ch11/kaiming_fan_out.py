# EXERCISE 11.kaiming_std
# expect: incorrect: uses fan-out
def kaiming_std(layer, nonlinearity="relu"):
    gains = {"relu": math.sqrt(2.0), "tanh": 5.0 / 3.0, "linear": 1.0}
    if nonlinearity not in gains:
        raise ValueError(f"unknown nonlinearity {nonlinearity!r}")
    return float(gains[nonlinearity] / math.sqrt(layer.weight.shape[0]))
