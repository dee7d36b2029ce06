# EXERCISE 11.layer_norm
# expect: correct
# The same backward written with sums: (D·ĝ - Σĝ - x̂·Σ(ĝ·x̂)) / (D·s).
def layer_norm(x, weight, bias, eps=1e-5):
    X = x.data
    D = X.shape[1]
    mu = X.sum(axis=1, keepdims=True) / D
    var = ((X - mu) ** 2).sum(axis=1, keepdims=True) / D
    s = np.sqrt(var + eps)
    xh = (X - mu) / s
    out = xh * weight.data + bias.data
    w = weight.data.copy()

    def backward(g):
        gh = g * w
        dx = (D * gh - gh.sum(axis=1, keepdims=True)
              - xh * (gh * xh).sum(axis=1, keepdims=True)) / (D * s)
        return dx, (g * xh).sum(axis=0), g.sum(axis=0)

    return record(out, (x, weight, bias), backward, "layer_norm")
