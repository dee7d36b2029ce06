# EXERCISE 09.grad_norms
# expect: incorrect: never asks to keep the gradients, then counts the missing ones as 0
def grad_norms(cell, head, xs, target):
    h, states = None, []
    for x in xs:
        h = cell(x, h)
        states.append(h)
    ((head(h) - target) ** 2).mean().backward()
    return [0.0 if s.grad is None else float(np.linalg.norm(s.grad.data)) for s in states]
