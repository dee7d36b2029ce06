# EXERCISE 09.grad_norms
# expect: incorrect: returns a NumPy array, not a list of floats
def grad_norms(cell, head, xs, target):
    h, states = None, []
    for x in xs:
        h = cell(x, h)
        h.retain_grad()
        states.append(h)
    ((head(h) - target) ** 2).mean().backward()
    return np.array([np.linalg.norm(s.grad.data) for s in states])
