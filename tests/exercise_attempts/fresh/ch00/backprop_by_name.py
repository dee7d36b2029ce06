# EXERCISE 00.backprop
# expect: incorrect: keys the running totals by node name (unnamed nodes collide)
def backprop(nodes):
    root = nodes[-1]
    totals = {root.name: np.ones_like(root.value)}
    for node in reversed(nodes):
        g = totals.get(node.name)
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
                totals[inp.name] = gi if inp.name not in totals else totals[inp.name] + gi
