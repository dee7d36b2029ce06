# EXERCISE 11.layer_norm
# expect: incorrect: backward scales the saved xhat in place
def layer_norm(x, weight, bias, eps=1e-5):
    X, w, b = x.data, weight.data, bias.data
    mu = X.mean(axis=1, keepdims=True)
    s = np.sqrt(((X - mu) ** 2).mean(axis=1, keepdims=True) + eps)
    xhat = (X - mu) / s

    def backward(g):
        gh = g * w
        m1 = gh.mean(axis=1, keepdims=True)
        m2 = (gh * xhat).mean(axis=1, keepdims=True)
        dw = (g * xhat).sum(axis=0)
        np.multiply(xhat, m2, out=xhat)
        return (gh - m1 - xhat) / s, dw, g.sum(axis=0)

    return record(w * xhat + b, (x, weight, bias), backward, "layer_norm")
