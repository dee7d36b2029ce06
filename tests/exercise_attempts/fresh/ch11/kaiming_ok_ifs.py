# EXERCISE 11.kaiming_std
# expect: correct
def kaiming_std(layer, nonlinearity="relu"):
    if nonlinearity == "relu":
        gain = 2 ** 0.5
    elif nonlinearity == "tanh":
        gain = 5 / 3
    elif nonlinearity == "linear":
        gain = 1
    else:
        raise ValueError("kaiming_std: no gain for nonlinearity '%s'" % nonlinearity)
    return gain * layer.in_features ** -0.5
