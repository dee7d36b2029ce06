# EXERCISE 09.grad_norms
# expect: incorrect: last step first
def grad_norms(cell, head, xs, target):
    h, states = None, []
    for x in xs:
        h = cell(x, h)
        h.retain_grad()
        states.append(h)
    ((head(h) - target) ** 2).mean().backward()
    return [float(np.linalg.norm(s.grad.data)) for s in reversed(states)]
