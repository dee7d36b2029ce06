# EXERCISE 09.grad_norms
# expect: correct
def grad_norms(cell, head, xs, target):
    h, states = None, []
    for x in xs:
        h = cell(x, h)
        h.retain_grad()
        states.append(h)
    loss = ((head(h) - target) ** 2).mean()
    loss.backward()
    return [float(np.linalg.norm(s.grad.data)) for s in states]
