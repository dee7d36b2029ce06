# EXERCISE 00.backprop
# expect: incorrect: nodes that receive nothing keep their old gradient instead of None
def backprop(nodes):
    root = nodes[-1]
    totals = {id(root): np.ones_like(root.value)}
    for node in reversed(nodes):
        g = totals.get(id(node))
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
                    totals[id(inp)] = totals[id(inp)] + gi if id(inp) in totals else gi
