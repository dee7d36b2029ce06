# EXERCISE 11.layer_grad_norms
# expect: incorrect: in place
# Squares the gradient array itself: the optimizer would then step along g², not g.
def layer_grad_norms(model):
    out = []
    for m in model.modules():
        if isinstance(m, nn.Linear):
            if m.weight.grad is None:
                out.append(0.0)
                continue
            g = m.weight.grad.data
            g **= 2
            out.append(float(np.sqrt(g.sum())))
    return out
