# EXERCISE 00.backprop
# expect: correct
# Sums straight into each node's .grad (reset first), parameters into a separate total.
def backprop(nodes):
    extra = {}
    for node in nodes:
        if isinstance(node, Parameter):
            extra[id(node)] = np.zeros_like(node.grad)
        else:
            node.grad = None
    nodes[-1].grad = np.ones_like(nodes[-1].value)
    for node in nodes[::-1]:
        g = extra.get(id(node)) if isinstance(node, Parameter) else node.grad
        if not isinstance(node, Gate) or g is None:
            continue
        grads = node.op.backprop([i.value for i in node.inputs], node.state, g)
        for inp, gi in zip(node.inputs, grads):
            if gi is None:
                continue
            if isinstance(inp, Parameter):
                extra[id(inp)] = extra[id(inp)] + gi
            elif inp.grad is None:
                inp.grad = gi
            else:
                inp.grad = inp.grad + gi
    for node in nodes:
        if isinstance(node, Parameter):
            node.grad = node.grad + extra[id(node)]
