# EXERCISE 11.layer_grad_norms
# expect: incorrect: the largest absolute entry, not the L2 norm
def layer_grad_norms(model):
    return [0.0 if m.weight.grad is None else float(np.abs(m.weight.grad.data).max())
            for m in model.modules() if isinstance(m, nn.Linear)]
