# EXERCISE 11.layer_norm
# expect: correct
def layer_norm(x, weight, bias, eps=1e-5):
    X = x.data
    D = X.shape[1]
    centred = X - X.sum(axis=1, keepdims=True) / D
    inv = 1.0 / np.sqrt(np.einsum("nd,nd->n", centred, centred)[:, None] / D + eps)
    xhat = centred * inv

    def backward(g):
        gh = g * weight.data
        a = gh.sum(axis=1, keepdims=True) / D
        c = (gh * xhat).sum(axis=1, keepdims=True) / D
        return inv * (gh - a - xhat * c), np.einsum("nd,nd->d", g, xhat), g.sum(0)

    return record(xhat * weight.data + bias.data, (x, weight, bias), backward, "layer_norm")
