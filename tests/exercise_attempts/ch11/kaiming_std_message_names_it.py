# EXERCISE 11.kaiming_std
# expect: correct
# A table of gains, and a message that lists what it knows.
def kaiming_std(layer, nonlinearity="relu"):
    table = {"linear": 1.0, "relu": 2 ** 0.5, "tanh": 5 / 3}
    try:
        gain = table[nonlinearity]
    except KeyError:
        raise ValueError(f"no Kaiming gain for nonlinearity={nonlinearity}; "
                         f"known: {', '.join(table)}") from None
    return gain / layer.weight.shape[1] ** 0.5
