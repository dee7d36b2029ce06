# EXERCISE 10.backward_once
# expect: correct
def backward_once(root):
    order = root.nodes()
    total = {id(root): np.ones(np.shape(root.value))}
    for node in order:
        g = total.get(id(node))
        if g is None:
            g = np.zeros(np.shape(node.value))
        node.grad = g
        for parent, local in node.parents:
            share = carry(local, g, parent)
            total[id(parent)] = share if id(parent) not in total else total[id(parent)] + share
    return len(order)
