# EXERCISE 11.layer_norm
# expect: incorrect: F.layer_norm
def layer_norm(x, weight, bias, eps=1e-5):
    return mg.nn.functional.layer_norm(x, (x.shape[1],), weight, bias, eps)
