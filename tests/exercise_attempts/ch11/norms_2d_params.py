# EXERCISE 11.layer_grad_norms
# expect: incorrect: only the modules that are nn.Linear count
# From the blind attempts of issue 22 (fresh/ch11/norms_2d_params.py):
# takes every 2-D parameter for a Linear weight.
def layer_grad_norms(model):
    out = []
    for p in model.parameters():
        if p.ndim == 2:
            out.append(0.0 if p.grad is None else float(np.linalg.norm(p.grad.data)))
    return out
