# EXERCISE 11.layer_norm
# expect: correct
def layer_norm(x, weight, bias, eps=1e-5):
    X, w, b = x.data, weight.data, bias.data
    mu = X.mean(axis=1, keepdims=True)
    var = ((X - mu) ** 2).mean(axis=1, keepdims=True)
    s = np.sqrt(var + eps)
    xhat = (X - mu) / s
    out = w * xhat + b

    def backward(g):
        gh = g * w
        dx = (gh - gh.mean(axis=1, keepdims=True)
              - xhat * (gh * xhat).mean(axis=1, keepdims=True)) / s
        return dx, (g * xhat).sum(axis=0), g.sum(axis=0)

    return record(out, (x, weight, bias), backward, "layer_norm")
