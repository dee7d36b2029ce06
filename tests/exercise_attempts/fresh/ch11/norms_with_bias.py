# EXERCISE 11.layer_grad_norms
# expect: incorrect: includes the bias's gradient in the norm
def layer_grad_norms(model):
    out = []
    for m in model.modules():
        if isinstance(m, nn.Linear):
            if m.weight.grad is None:
                out.append(0.0)
                continue
            sq = (m.weight.grad.data ** 2).sum()
            if m.bias is not None and m.bias.grad is not None:
                sq += (m.bias.grad.data ** 2).sum()
            out.append(float(np.sqrt(sq)))
    return out
