# EXERCISE 09.grad_norms
# expect: incorrect: measures the states, not their gradients
def grad_norms(cell, head, xs, target):
    h, states = None, []
    for x in xs:
        h = cell(x, h)
        states.append(h)
    ((head(h) - target) ** 2).mean().backward()
    return [float(np.linalg.norm(s.data)) for s in states]
