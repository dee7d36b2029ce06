# EXERCISE 11.kaiming_std
# expect: incorrect: the library's calculate_gain
def kaiming_std(layer, nonlinearity="relu"):
    return float(nn.init.calculate_gain(nonlinearity) / math.sqrt(layer.in_features))
