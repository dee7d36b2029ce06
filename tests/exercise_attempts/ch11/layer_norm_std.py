# EXERCISE 11.layer_norm
# expect: correct
# Uses np.std on each row and keeps x̂ and 1/s for backward.
def layer_norm(x, weight, bias, eps=1e-5):
    centred = x.data - x.data.mean(axis=1, keepdims=True)
    inv = 1.0 / np.sqrt(centred.std(axis=1, keepdims=True) ** 2 + eps)
    normed = centred * inv

    def backward(grad):
        g_hat = grad * weight.data
        a = g_hat.mean(axis=1, keepdims=True)
        b = (g_hat * normed).mean(axis=1, keepdims=True)
        return inv * (g_hat - a - normed * b), (grad * normed).sum(0), grad.sum(0)

    return record(normed * weight.data + bias.data, (x, weight, bias), backward, "layer_norm")
