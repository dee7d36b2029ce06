# EXERCISE 11.layer_grad_norms
# expect: mistake: norms_every_weight
# Every parameter whose name ends in "weight", BatchNorm's included.
def layer_grad_norms(model):
    out = []
    for name, p in model.named_parameters():
        if name.endswith("weight"):
            out.append(0.0 if p.grad is None else float(np.linalg.norm(p.grad.data)))
    return out
