# EXERCISE 11.layer_norm
# expect: mistake: ln_over_batch
# Copied the chapter's batch norm: statistics over axis 0.
def layer_norm(x, weight, bias, eps=1e-5):
    X, G = x.data, weight.data
    mean = X.mean(axis=0, keepdims=True)
    var = X.var(axis=0, keepdims=True)
    inv_s = 1.0 / np.sqrt(var + eps)
    x_hat = (X - mean) * inv_s

    def backward(g):
        g_hat = g * G
        dx = inv_s * (g_hat - g_hat.mean(axis=0, keepdims=True)
                      - x_hat * (g_hat * x_hat).mean(axis=0, keepdims=True))
        return dx, (g * x_hat).sum(axis=0), g.sum(axis=0)

    return record(G * x_hat + bias.data, (x, weight, bias), backward, "layer_norm")
