# EXERCISE 11.layer_grad_norms
# expect: incorrect: looks at the model's direct attributes only
def layer_grad_norms(model):
    out = []
    for v in vars(model).values():
        items = v if isinstance(v, (list, tuple)) else [v]
        for m in items:
            if isinstance(m, nn.Linear):
                g = m.weight.grad
                out.append(0.0 if g is None else float(np.linalg.norm(g.data)))
    return out
