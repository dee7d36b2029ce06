# EXERCISE 00.backprop
# expect: correct
# First collects every node's total in a separate dict, then writes the grads.
def backprop(nodes):
    totals = {}
    root = nodes[-1]
    totals[id(root)] = np.ones_like(root.value)
    for node in nodes[::-1]:
        if id(node) not in totals or not isinstance(node, Gate):
            continue
        grads = node.op.backprop([n.value for n in node.inputs], node.state, totals[id(node)])
        for inp, gi in zip(node.inputs, grads):
            if gi is not None:
                totals[id(inp)] = totals.get(id(inp), 0) + gi
    for node in nodes:
        total = totals.get(id(node))
        if isinstance(node, Parameter):
            if total is not None:
                node.grad = node.grad + total
        else:
            node.grad = total
