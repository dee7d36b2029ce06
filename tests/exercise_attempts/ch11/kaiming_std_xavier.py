# EXERCISE 11.kaiming_std
# expect: incorrect: has the wrong value
# Mixes up Kaiming with Xavier: averages fan-in and fan-out.
def kaiming_std(layer, nonlinearity="relu"):
    gains = {"relu": math.sqrt(2.0), "tanh": 5 / 3, "linear": 1.0}
    if nonlinearity not in gains:
        raise ValueError(f"unknown nonlinearity {nonlinearity}")
    return gains[nonlinearity] * math.sqrt(2.0 / (layer.in_features + layer.out_features))
