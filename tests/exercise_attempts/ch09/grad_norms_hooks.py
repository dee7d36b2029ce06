# EXERCISE 09.grad_norms
# expect: correct
# Measures each state's gradient with a hook instead of retain_grad.
def grad_norms(cell, head, xs, target):
    norms, h = [0.0] * len(xs), None
    for t, x in enumerate(xs):
        h = cell(x, h)

        def keep(g, t=t):
            norms[t] = float(np.sqrt((g.data ** 2).sum()))
        h.register_hook(keep)
    loss = ((head(h) - target) ** 2).mean()
    loss.backward()
    return norms
