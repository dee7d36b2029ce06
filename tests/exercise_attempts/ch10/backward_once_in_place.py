# EXERCISE 10.backward_once
# expect: incorrect: read-only
# Accumulates with += into the first contribution it stored, which may be an array another
# node holds as its gradient.
def backward_once(root):
    order = root.nodes()
    for node in order:
        node.grad = None
    root.grad = np.ones(np.shape(root.value))
    for node in order:
        if node.grad is None:
            node.grad = np.zeros(np.shape(node.value))
        for parent, local in node.parents:
            c = carry(local, node.grad, parent)
            if parent.grad is None:
                parent.grad = c
            else:
                parent.grad += c
    return len(order)
