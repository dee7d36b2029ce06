# EXERCISE 11.kaiming_std
# expect: correct
def kaiming_std(layer, nonlinearity="relu"):
    gains = {"relu": math.sqrt(2.0), "tanh": 5.0 / 3.0, "linear": 1.0}
    if nonlinearity not in gains:
        raise ValueError(f"unknown nonlinearity {nonlinearity!r}; expected one of {sorted(gains)}")
    fan_in = layer.weight.shape[1]
    return float(gains[nonlinearity] / math.sqrt(fan_in))
