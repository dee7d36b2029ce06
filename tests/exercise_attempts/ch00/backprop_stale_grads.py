# EXERCISE 00.backprop
# expect: incorrect: should be None
# Never resets nodes that receive nothing, so they keep a gradient from before.
def backprop(nodes):
    root = nodes[-1]
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
                    incoming[id(inp)] = incoming[id(inp)] + gi if id(inp) in incoming else gi
