# EXERCISE 11.layer_grad_norms
# expect: incorrect: has no gradient
# Forgets that a frozen layer's weight has no gradient.
def layer_grad_norms(model):
    return [float(np.linalg.norm(m.weight.grad.data)) for m in model.modules()
            if isinstance(m, nn.Linear)]
