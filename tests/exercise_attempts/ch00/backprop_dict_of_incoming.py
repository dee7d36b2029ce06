# EXERCISE 00.backprop
# expect: correct
def backprop(nodes):
    root = nodes[-1]
    incoming = {id(root): np.ones_like(root.value)}
    for node in nodes:
        if not isinstance(node, Parameter):
            node.grad = None
    for node in reversed(nodes):
        g = incoming.get(id(node))
        if g is None:
            continue
        if isinstance(node, Parameter):
            node.grad = node.grad + g
            continue
        node.grad = g
        if isinstance(node, Gate):
            values = [i.value for i in node.inputs]
            for inp, gi in zip(node.inputs, node.op.backprop(values, node.state, g)):
                if gi is None:
                    continue
                incoming[id(inp)] = gi if id(inp) not in incoming else incoming[id(inp)] + gi
