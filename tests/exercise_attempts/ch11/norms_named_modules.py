# EXERCISE 11.layer_grad_norms
# expect: correct
# named_modules and np.linalg.norm (NumPy floats are numbers too).
def layer_grad_norms(model):
    result = []
    for name, m in model.named_modules():
        if isinstance(m, nn.Linear):
            g = m.weight.grad
            result.append(np.linalg.norm(g.data) if g is not None else 0.0)
    return result
