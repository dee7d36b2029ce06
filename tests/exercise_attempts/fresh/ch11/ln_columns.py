# EXERCISE 11.layer_norm
# expect: incorrect: statistics down the columns (batch norm)
def layer_norm(x, weight, bias, eps=1e-5):
    X, w, b = x.data, weight.data, bias.data
    mu = X.mean(axis=0, keepdims=True)
    var = ((X - mu) ** 2).mean(axis=0, keepdims=True)
    s = np.sqrt(var + eps)
    xhat = (X - mu) / s

    def backward(g):
        gh = g * w
        dx = (gh - gh.mean(axis=0, keepdims=True) - xhat * (gh * xhat).mean(axis=0, keepdims=True)) / s
        return dx, (g * xhat).sum(axis=0), g.sum(axis=0)

    return record(w * xhat + b, (x, weight, bias), backward, "layer_norm")
