# EXERCISE 00.backprop
# expect: incorrect: starts the root with the number 1.0, not an array of ones of its shape
def backprop(nodes):
    root = nodes[-1]
    totals = {id(root): 1.0}
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
                totals[id(inp)] = totals[id(inp)] + gi if id(inp) in totals else gi
