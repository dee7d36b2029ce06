# EXERCISE 11.kaiming_std
# expect: mistake: kaiming_fan_out
# Reads the first dimension of the weight, which is the number of outputs.
def kaiming_std(layer, nonlinearity="relu"):
    gains = {"relu": math.sqrt(2), "tanh": 5 / 3, "linear": 1}
    if nonlinearity not in gains:
        raise ValueError(nonlinearity)
    return gains[nonlinearity] / math.sqrt(layer.weight.shape[0])
