# EXERCISE 00.backprop
# expect: mistake: backprop_keyed_by_name
# Collects what arrives under each node's name.
def backprop(nodes):
    for node in nodes:
        if not isinstance(node, Parameter):
            node.grad = None
    arrived = {nodes[-1].name: np.ones_like(nodes[-1].value)}
    for node in reversed(nodes):
        if node.name not in arrived:
            continue
        g = arrived.pop(node.name)
        if isinstance(node, Parameter):
            node.grad = node.grad + g
            continue
        node.grad = g
        if isinstance(node, Gate):
            grads = node.op.backprop([i.value for i in node.inputs], node.state, g)
            for inp, gi in zip(node.inputs, grads):
                if gi is not None:
                    arrived[inp.name] = arrived[inp.name] + gi if inp.name in arrived else gi
