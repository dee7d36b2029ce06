# EXERCISE 11.kaiming_std
# expect: incorrect: name
# (issue 22 escape) Refuses an unknown nonlinearity, but the message does not say which.
def kaiming_std(layer, nonlinearity="relu"):
    gains = {"relu": math.sqrt(2.0), "tanh": 5.0 / 3.0, "linear": 1.0}
    if nonlinearity not in gains:
        raise ValueError("unknown nonlinearity")
    return gains[nonlinearity] / math.sqrt(layer.in_features)
