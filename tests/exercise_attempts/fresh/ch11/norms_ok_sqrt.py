# EXERCISE 11.layer_grad_norms
# expect: correct
def layer_grad_norms(model):
    linears = [m for m in model.modules() if isinstance(m, nn.Linear)]
    return [float(math.sqrt(float((l.weight.grad.data ** 2).sum()))) if l.weight.grad is not None
            else 0.0 for l in linears]
