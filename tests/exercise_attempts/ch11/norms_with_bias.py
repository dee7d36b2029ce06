# EXERCISE 11.layer_grad_norms
# expect: mistake: norms_with_bias
# Adds the bias gradient into each layer's norm.
def layer_grad_norms(model):
    out = []
    for m in model.modules():
        if isinstance(m, nn.Linear):
            total = 0.0
            for p in (m.weight, m.bias):
                if p.grad is not None:
                    total += float((p.grad.data ** 2).sum())
            out.append(math.sqrt(total))
    return out
