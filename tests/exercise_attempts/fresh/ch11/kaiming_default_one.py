# EXERCISE 11.kaiming_std
# expect: incorrect: an unknown nonlinearity quietly gets gain 1
def kaiming_std(layer, nonlinearity="relu"):
    gains = {"relu": math.sqrt(2.0), "tanh": 5.0 / 3.0}
    return float(gains.get(nonlinearity, 1.0) / math.sqrt(layer.in_features))
