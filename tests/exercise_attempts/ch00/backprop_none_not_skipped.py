# EXERCISE 00.backprop
# expect: mistake: backprop_sums_none
# (issue 22 escape) Adds every returned gradient into the dict, None included: harmless for a
# label node that feeds one loss, a crash (None + None) for one that feeds two.
def backprop(nodes):
    root = nodes[-1]
    for node in nodes:
        if not isinstance(node, Parameter):
            node.grad = None
    incoming = {id(root): np.ones_like(root.value)}
    for node in reversed(nodes):
        if id(node) not in incoming:
            continue
        g = incoming.pop(id(node))
        if isinstance(node, Parameter):
            node.grad = node.grad + g
            continue
        node.grad = g
        if isinstance(node, Gate):
            values = [inp.value for inp in node.inputs]
            for inp, gi in zip(node.inputs, node.op.backprop(values, node.state, g)):
                if id(inp) in incoming:
                    incoming[id(inp)] = incoming[id(inp)] + gi
                else:
                    incoming[id(inp)] = gi
