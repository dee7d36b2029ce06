# EXERCISE 11.layer_grad_norms
# expect: incorrect: should have 2
# Skips a Linear whose weight has no gradient instead of giving it 0.0.
def layer_grad_norms(model):
    norms = []
    for m in model.modules():
        if isinstance(m, nn.Linear) and m.weight.grad is not None:
            norms.append(float(np.linalg.norm(m.weight.grad.data)))
    return norms
