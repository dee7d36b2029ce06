# EXERCISE 11.layer_grad_norms
# expect: incorrect: a NumPy array, not a list
def layer_grad_norms(model):
    return np.array([0.0 if m.weight.grad is None else np.linalg.norm(m.weight.grad.data)
                     for m in model.modules() if isinstance(m, nn.Linear)])
