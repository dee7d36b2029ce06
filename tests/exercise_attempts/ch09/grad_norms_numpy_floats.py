# EXERCISE 09.grad_norms
# expect: correct
# np.float64 values are floats (a subclass of Python's float).
def grad_norms(cell, head, xs, target):
    h, states = None, []
    for x in xs:
        h = cell(x, h)
        h.retain_grad()
        states.append(h)
    ((head(h) - target) ** 2).mean().backward()
    return [np.linalg.norm(s.grad.data) for s in states]
