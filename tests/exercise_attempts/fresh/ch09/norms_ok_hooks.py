# EXERCISE 09.grad_norms
# expect: correct
def grad_norms(cell, head, xs, target):
    seen = {}
    h = None
    for t, x in enumerate(xs):
        h = cell(x, h)
        h.register_hook(lambda g, t=t: seen.__setitem__(t, float(np.linalg.norm(g.data))))
    ((head(h) - target) ** 2).mean().backward()
    return [seen[t] for t in range(len(xs))]
