# EXERCISE 00.backprop
# expect: incorrect: does not skip the None a gate sends for an input that needs no gradient
def backprop(nodes):
    root = nodes[-1]
    totals = {id(root): np.ones_like(root.value)}
    for node in reversed(nodes):
        g = totals.get(id(node))
        if isinstance(node, Parameter):
            if g is not None:
                node.grad = node.grad + g
            continue
        node.grad = g
        if g is None or not isinstance(node, Gate):
            continue
        grads = node.op.backprop([i.value for i in node.inputs], node.state, g)
        for inp, gi in zip(node.inputs, grads):
            totals[id(inp)] = totals[id(inp)] + gi if id(inp) in totals else gi
