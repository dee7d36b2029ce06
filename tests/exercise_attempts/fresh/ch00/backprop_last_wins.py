# EXERCISE 00.backprop
# expect: incorrect: a node fed to two gates keeps only the last gradient
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
            if gi is not None:
                totals[id(inp)] = gi
