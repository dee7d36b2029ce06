# EXERCISE 11.layer_norm
# expect: incorrect: returned a gradient of shape (3,) for its
# Sums the weight and bias gradients along the features instead of over the rows.
def layer_norm(x, weight, bias, eps=1e-5):
    X = x.data
    mu = X.mean(axis=1, keepdims=True)
    s = np.sqrt(X.var(axis=1, keepdims=True) + eps)
    xh = (X - mu) / s
    def backward(g):
        gh = g * weight.data
        dx = (gh - gh.mean(axis=1, keepdims=True) - xh * (gh * xh).mean(axis=1, keepdims=True)) / s
        return dx, (g * xh).sum(axis=1), g.sum(axis=1)
    return record(xh * weight.data + bias.data, (x, weight, bias), backward, "layer_norm")
