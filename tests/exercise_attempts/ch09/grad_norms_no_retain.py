# EXERCISE 09.grad_norms
# expect: mistake: grad_norms_no_retain
def grad_norms(cell, head, xs, target):
    h, states = None, []
    for x in xs:
        h = cell(x, h)
        states.append(h)
    loss = ((head(h) - target) ** 2).mean()
    loss.backward()
    return [float(np.linalg.norm(s.grad.data)) for s in states]
