# EXERCISE 11.kaiming_std
# expect: shortcut
# Draws a Kaiming weight with the library and measures it.
def kaiming_std(layer, nonlinearity="relu"):
    w = Tensor(np.zeros((4000, layer.in_features)))
    nn.init.kaiming_normal_(w, nonlinearity=nonlinearity)
    return float(w.data.std())
