# EXERCISE 11.layer_norm
# expect: incorrect: dx = g * w / s, forgetting that the statistics depend on x
def layer_norm(x, weight, bias, eps=1e-5):
    X, w, b = x.data, weight.data, bias.data
    mu = X.mean(axis=1, keepdims=True)
    s = np.sqrt(((X - mu) ** 2).mean(axis=1, keepdims=True) + eps)
    xhat = (X - mu) / s
    return record(w * xhat + b, (x, weight, bias),
                  lambda g: (g * w / s, (g * xhat).sum(axis=0), g.sum(axis=0)), "layer_norm")
