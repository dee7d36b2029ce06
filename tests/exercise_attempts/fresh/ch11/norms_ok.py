# EXERCISE 11.layer_grad_norms
# expect: correct
def layer_grad_norms(model):
    out = []
    for m in model.modules():
        if isinstance(m, nn.Linear):
            g = m.weight.grad
            out.append(0.0 if g is None else float(np.linalg.norm(g.data)))
    return out
