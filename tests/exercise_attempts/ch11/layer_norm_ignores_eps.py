# EXERCISE 11.layer_norm
# expect: mistake: ln_ignores_eps
# (issue 22 escape) Always uses 1e-5, whatever eps the caller passes.
def layer_norm(x, weight, bias, eps=1e-5):
    X, w = x.data, weight.data
    mean = X.mean(axis=1, keepdims=True)
    s = np.sqrt(X.var(axis=1, keepdims=True) + 1e-5)
    x_hat = (X - mean) / s

    def backward(g):
        gh = g * w
        dx = (gh - gh.mean(axis=1, keepdims=True)
              - x_hat * (gh * x_hat).mean(axis=1, keepdims=True)) / s
        return dx, (g * x_hat).sum(axis=0), g.sum(axis=0)

    return record(w * x_hat + bias.data, (x, weight, bias), backward, "layer_norm")
