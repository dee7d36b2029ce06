# EXERCISE 11.kaiming_std
# expect: incorrect: `tanh` has the wrong value
# Thinks tanh is "roughly the identity near 0" (the chapter's words) and gives it gain 1.
def kaiming_std(layer, nonlinearity="relu"):
    if nonlinearity == "relu":
        gain = math.sqrt(2.0)
    elif nonlinearity in ("tanh", "linear"):
        gain = 1.0
    else:
        raise ValueError(f"unknown nonlinearity {nonlinearity!r}")
    return gain / math.sqrt(layer.in_features)
