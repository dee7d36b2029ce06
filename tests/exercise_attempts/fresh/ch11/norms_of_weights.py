# EXERCISE 11.layer_grad_norms
# expect: incorrect: the norm of the weights, not of their gradients
def layer_grad_norms(model):
    return [float(np.linalg.norm(m.weight.data)) for m in model.modules() if isinstance(m, nn.Linear)]
