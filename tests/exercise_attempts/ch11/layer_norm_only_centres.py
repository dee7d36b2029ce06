# EXERCISE 11.layer_norm
# expect: mistake: ln_backward_missing_projection
# The backward removes the mean of ĝ but treats the spread as a constant.
def layer_norm(x, weight, bias, eps=1e-5):
    X = x.data
    mean = X.mean(axis=1, keepdims=True)
    s = np.sqrt(X.var(axis=1, keepdims=True) + eps)
    x_hat = (X - mean) / s

    def backward(g):
        g_hat = g * weight.data
        return ((g_hat - g_hat.mean(axis=1, keepdims=True)) / s, (g * x_hat).sum(axis=0),
                g.sum(axis=0))

    return record(x_hat * weight.data + bias.data, (x, weight, bias), backward, "layer_norm")
