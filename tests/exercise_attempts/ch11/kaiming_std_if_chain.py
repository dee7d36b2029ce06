# EXERCISE 11.kaiming_std
# expect: correct
# An if/elif chain, fan_in read from the weight's shape, the root taken with ** 0.5.
def kaiming_std(layer, nonlinearity="relu"):
    fan_in = layer.weight.shape[1]
    if nonlinearity == "relu":
        gain = 2 ** 0.5
    elif nonlinearity == "tanh":
        gain = 5 / 3
    elif nonlinearity == "linear":
        gain = 1.0
    else:
        raise ValueError("unknown nonlinearity: " + str(nonlinearity))
    return gain / fan_in ** 0.5
