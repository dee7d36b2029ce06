# EXERCISE 11.layer_norm
# expect: incorrect: variance divides by D - 1
def layer_norm(x, weight, bias, eps=1e-5):
    X, w, b = x.data, weight.data, bias.data
    mu = X.mean(axis=1, keepdims=True)
    s = np.sqrt(X.var(axis=1, ddof=1, keepdims=True) + eps)
    xhat = (X - mu) / s

    def backward(g):
        gh = g * w
        dx = (gh - gh.mean(axis=1, keepdims=True) - xhat * (gh * xhat).mean(axis=1, keepdims=True)) / s
        return dx, (g * xhat).sum(axis=0), g.sum(axis=0)

    return record(w * xhat + b, (x, weight, bias), backward, "layer_norm")
