# EXERCISE 00.backprop
# expect: incorrect: in place (+=)
# Adds a second consumer's gradient into the first one's array with +=, and that array
# may be the very one another node holds as its grad.
def backprop(nodes):
    root = nodes[-1]
    for node in nodes:
        if not isinstance(node, Parameter):
            node.grad = None
    root.grad = np.ones_like(root.value)
    for node in reversed(nodes):
        if not isinstance(node, Gate) or node.grad is None:
            continue
        grads = node.op.backprop([i.value for i in node.inputs], node.state, node.grad)
        for inp, gi in zip(node.inputs, grads):
            if gi is None:
                continue
            if isinstance(inp, Parameter):
                inp.grad += gi
            elif inp.grad is None:
                inp.grad = gi
            else:
                inp.grad += gi
