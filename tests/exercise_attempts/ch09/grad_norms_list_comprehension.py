# EXERCISE 09.grad_norms
# expect: correct
# retain_grad returns the tensor, so it fits in the loop; norms via np.sqrt of squares.
def grad_norms(cell, head, xs, target):
    states = []
    h = None
    for x in xs:
        h = cell(x, h).retain_grad()
        states += [h]
    pred = head(states[-1])
    ((pred - target) ** 2).mean().backward()
    return [np.sqrt((s.grad.data ** 2).sum()).item() for s in states]
