# EXERCISE 10.backward_once
# expect: incorrect: a parent's gradient is replaced by each consumer's share, not summed
def backward_once(root):
    nodes = root.nodes()
    for node in nodes:
        node.grad = np.zeros_like(node.value, dtype=float)
    root.grad = np.ones_like(root.value, dtype=float)
    for node in nodes:
        for parent, local in node.parents:
            parent.grad = carry(local, node.grad, parent)
    return len(nodes)
