# EXERCISE 10.backward_once
# expect: correct
def backward_once(root):
    nodes = root.nodes()
    for node in nodes:
        node.grad = np.zeros_like(node.value, dtype=float)
    root.grad = np.ones_like(root.value, dtype=float)
    visits = 0
    for node in nodes:
        visits += 1
        for parent, local in node.parents:
            parent.grad = parent.grad + carry(local, node.grad, parent)
    return visits
