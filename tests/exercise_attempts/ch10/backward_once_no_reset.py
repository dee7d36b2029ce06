# EXERCISE 10.backward_once
# expect: mistake: backward_once_no_reset
def backward_once(root):
    order = root.nodes()
    for node in order:
        if getattr(node, "grad", None) is None:
            node.grad = np.zeros(np.shape(node.value))
    root.grad = root.grad + np.ones(np.shape(root.value))
    for node in order:
        for parent, local in node.parents:
            parent.grad = parent.grad + carry(local, node.grad, parent)
    return len(order)
