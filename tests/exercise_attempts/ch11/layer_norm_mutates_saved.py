# EXERCISE 11.layer_norm
# expect: incorrect: the second time
# Scales its saved x̂ in place inside backward: the second backward is wrong.
def layer_norm(x, weight, bias, eps=1e-5):
    X = x.data
    mean = X.mean(axis=1, keepdims=True)
    inv_s = 1 / np.sqrt(X.var(axis=1, keepdims=True) + eps)
    x_hat = (X - mean) * inv_s

    def backward(g):
        g_hat = g * weight.data
        proj = (g_hat * x_hat).mean(axis=1, keepdims=True)
        dw = (g * x_hat).sum(axis=0)
        np.multiply(x_hat, proj, out=x_hat)
        dx = inv_s * (g_hat - g_hat.mean(axis=1, keepdims=True) - x_hat)
        return dx, dw, g.sum(axis=0)

    return record(x_hat * weight.data + bias.data, (x, weight, bias), backward, "layer_norm")
