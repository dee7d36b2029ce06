# EXERCISE 11.kaiming_std
# expect: incorrect: the gain as a factor on the variance (right for relu only)
def kaiming_std(layer, nonlinearity="relu"):
    factor = {"relu": 2.0, "tanh": 5.0 / 3.0, "linear": 1.0}
    if nonlinearity not in factor:
        raise ValueError(f"unknown nonlinearity {nonlinearity!r}")
    return float(math.sqrt(factor[nonlinearity] / layer.in_features))
