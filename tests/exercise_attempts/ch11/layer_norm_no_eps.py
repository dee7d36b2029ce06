# EXERCISE 11.layer_norm
# expect: incorrect: `value` has the right shape (3, 4) but wrong values
# Leaves eps out: s = std of the row.
def layer_norm(x, weight, bias, eps=1e-5):
    X = x.data
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    xh = (X - mu) / s
    def backward(g):
        gh = g * weight.data
        dx = (gh - gh.mean(axis=1, keepdims=True) - xh * (gh * xh).mean(axis=1, keepdims=True)) / s
        return dx, (g * xh).sum(axis=0), g.sum(axis=0)
    return record(xh * weight.data + bias.data, (x, weight, bias), backward, "layer_norm")
