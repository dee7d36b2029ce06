# EXERCISE 11.layer_norm
# expect: incorrect: built from tensor ops, many nodes
def layer_norm(x, weight, bias, eps=1e-5):
    mu = x.mean(dim=1, keepdim=True)
    var = ((x - mu) ** 2).mean(dim=1, keepdim=True)
    return (x - mu) / (var + eps) ** 0.5 * weight + bias
