# EXERCISE 11.layer_grad_norms
# expect: shortcut
# Lets clip_grad_norm_ (with an infinite limit) measure each weight's gradient.
def layer_grad_norms(model):
    out = []
    for m in model.modules():
        if isinstance(m, nn.Linear):
            out.append(float(nn.utils.clip_grad_norm_([m.weight], float("inf")).item()))
    return out
