# EXERCISE 11.layer_grad_norms
# expect: incorrect: skips a layer without gradient instead of giving it 0.0
def layer_grad_norms(model):
    return [float(np.linalg.norm(m.weight.grad.data)) for m in model.modules()
            if isinstance(m, nn.Linear) and m.weight.grad is not None]
