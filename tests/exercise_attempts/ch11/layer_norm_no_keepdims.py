# EXERCISE 11.layer_norm
# expect: incorrect: operands could not be broadcast
# Row means without keepdims, transposing to make the shapes fit.
def layer_norm(x, weight, bias, eps=1e-5):
    X = x.data
    mu = X.mean(axis=1)
    s = np.sqrt(X.var(axis=1) + eps)
    xh = ((X.T - mu) / s).T
    def backward(g):
        gh = g * weight.data
        dx = (gh - gh.mean(axis=1) - xh * (gh * xh).mean(axis=1)) / s
        return dx, (g * xh).sum(axis=0), g.sum(axis=0)
    return record(xh * weight.data + bias.data, (x, weight, bias), backward, "layer_norm")
