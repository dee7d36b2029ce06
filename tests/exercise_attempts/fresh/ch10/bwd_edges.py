# EXERCISE 10.backward_once
# expect: incorrect: returns the number of edges walked, not of visits
def backward_once(root):
    nodes = root.nodes()
    for node in nodes:
        node.grad = np.zeros_like(node.value, dtype=float)
    root.grad = np.ones_like(root.value, dtype=float)
    edges = 0
    for node in nodes:
        for parent, local in node.parents:
            parent.grad = parent.grad + carry(local, node.grad, parent)
            edges += 1
    return edges
