# EXERCISE 11.kaiming_std
# expect: shortcut
# Takes the gain from the library's table.
def kaiming_std(layer, nonlinearity="relu"):
    if nonlinearity not in ("relu", "tanh", "linear"):
        raise ValueError(nonlinearity)
    return nn.init.calculate_gain(nonlinearity) / math.sqrt(layer.in_features)
