# EXERCISE 09.grad_norms
# expect: incorrect: the L1 norm (sum of absolute values)
def grad_norms(cell, head, xs, target):
    h, states = None, []
    for x in xs:
        h = cell(x, h)
        h.retain_grad()
        states.append(h)
    ((head(h) - target) ** 2).mean().backward()
    return [float(np.abs(s.grad.data).sum()) for s in states]
