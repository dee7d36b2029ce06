# EXERCISE 11.layer_norm
# expect: mistake: ln_backward_ignores_weight
# Uses g where ĝ = g · weight belongs.
def layer_norm(x, weight, bias, eps=1e-5):
    X = x.data
    mean = X.mean(axis=1, keepdims=True)
    s = np.sqrt(X.var(axis=1, keepdims=True) + eps)
    x_hat = (X - mean) / s

    def backward(g):
        dx = (g - g.mean(axis=1, keepdims=True)
              - x_hat * (g * x_hat).mean(axis=1, keepdims=True)) / s
        return dx, (g * x_hat).sum(axis=0), g.sum(axis=0)

    return record(x_hat * weight.data + bias.data, (x, weight, bias), backward, "layer_norm")
