# EXERCISE 11.layer_grad_norms
# expect: incorrect: is a subclass of nn.Linear
# From the blind attempts of issue 22 (fresh/ch11/norms_by_class_name.py):
# recognises Linear layers by class name (misses subclasses, counts look-alikes).
def layer_grad_norms(model):
    out = []
    for m in model.modules():
        if type(m).__name__ == "Linear":
            g = m.weight.grad
            out.append(0.0 if g is None else float(np.linalg.norm(g.data)))
    return out
