# EXERCISE 00.backprop
# expect: mistake: backprop_overwrites
# The last consumer's gradient replaces the others.
def backprop(nodes):
    root = nodes[-1]
    for node in nodes:
        if not isinstance(node, Parameter):
            node.grad = None
    incoming = {id(root): np.ones_like(root.value)}
    for node in reversed(nodes):
        g = incoming.get(id(node))
        if g is None:
            continue
        if isinstance(node, Parameter):
            node.grad = node.grad + g
            continue
        node.grad = g
        if isinstance(node, Gate):
            grads = node.op.backprop([i.value for i in node.inputs], node.state, g)
            for inp, gi in zip(node.inputs, grads):
                if gi is not None:
                    incoming[id(inp)] = gi
