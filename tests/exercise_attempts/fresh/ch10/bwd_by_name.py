# EXERCISE 10.backward_once
# expect: incorrect: gathers gradients by node name (unnamed nodes collide)
def backward_once(root):
    order = root.nodes()
    total = {root.name: np.ones(np.shape(root.value))}
    for node in order:
        g = total.get(node.name, np.zeros(np.shape(node.value)))
        node.grad = g
        for parent, local in node.parents:
            share = carry(local, g, parent)
            total[parent.name] = total[parent.name] + share if parent.name in total else share
    return len(order)
