# EXERCISE 09.grad_norms
# expect: incorrect: predicts from every state and sums the losses
def grad_norms(cell, head, xs, target):
    h, states = None, []
    loss = None
    for x in xs:
        h = cell(x, h)
        h.retain_grad()
        states.append(h)
        step = ((head(h) - target) ** 2).mean()
        loss = step if loss is None else loss + step
    loss.backward()
    return [float(np.linalg.norm(s.grad.data)) for s in states]
