# EXERCISE 10.backward_once
# expect: correct
# Collects the gradients in a dict first, then writes them to the nodes.
def backward_once(root):
    grads = {id(root): np.ones(np.shape(root.value))}
    order = root.nodes()
    for node in order:
        g = grads.setdefault(id(node), np.zeros(np.shape(node.value)))
        for parent, local in node.parents:
            contribution = carry(local, g, parent)
            if id(parent) in grads:
                grads[id(parent)] = grads[id(parent)] + contribution
            else:
                grads[id(parent)] = contribution
    for node in order:
        node.grad = grads[id(node)]
    return len(order)
