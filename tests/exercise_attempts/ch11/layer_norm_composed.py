# EXERCISE 11.layer_norm
# expect: incorrect: one recorded op
# Right numbers from Tensor operations, so autograd makes a dozen nodes, not one.
def layer_norm(x, weight, bias, eps=1e-5):
    mean = x.mean(dim=1, keepdims=True)
    centred = x - mean
    var = (centred * centred).mean(dim=1, keepdims=True)
    return centred / (var + eps) ** 0.5 * weight + bias
