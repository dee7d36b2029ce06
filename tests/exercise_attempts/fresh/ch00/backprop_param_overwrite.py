# EXERCISE 00.backprop
# expect: incorrect: a parameter's gradient is replaced, not added to
def backprop(nodes):
    root = nodes[-1]
    totals = {id(root): np.ones_like(root.value)}
    for node in reversed(nodes):
        g = totals.get(id(node))
        node.grad = g if g is not None or not isinstance(node, Parameter) else node.grad
        if g is None or not isinstance(node, Gate):
            continue
        grads = node.op.backprop([i.value for i in node.inputs], node.state, g)
        for inp, gi in zip(node.inputs, grads):
            if gi is not None:
                totals[id(inp)] = gi if id(inp) not in totals else totals[id(inp)] + gi
