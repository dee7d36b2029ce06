# EXERCISE 11.layer_norm
# expect: correct
# Uses the standard deviation with eps inside, and keeps 1/s for backward.
def layer_norm(x, weight, bias, eps=1e-5):
    X = x.data
    centred = X - X.mean(axis=-1, keepdims=True)
    inv = 1.0 / np.sqrt((centred ** 2).mean(axis=-1, keepdims=True) + eps)
    xh = centred * inv
    w = weight.data

    def backward(g):
        gh = g * w
        D = X.shape[1]
        dx = inv / D * (D * gh - gh.sum(axis=1, keepdims=True)
                        - xh * (gh * xh).sum(axis=1, keepdims=True))
        return dx, (g * xh).sum(axis=0), g.sum(axis=0)

    return record(xh * w + bias.data, (x, weight, bias), backward, "layer_norm")
