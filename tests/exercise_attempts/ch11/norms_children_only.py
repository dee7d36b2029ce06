# EXERCISE 11.layer_grad_norms
# expect: mistake: norms_top_level
# Looks only at the model's direct children.
def layer_grad_norms(model):
    out = []
    for layer in model.children():
        if isinstance(layer, nn.Linear):
            g = layer.weight.grad
            out.append(0.0 if g is None else float(np.sqrt((g.data ** 2).sum())))
    return out
