# EXERCISE 00.backprop
# expect: correct
def backprop(nodes):
    position = {id(n): k for k, n in enumerate(nodes)}
    arrived = [[] for _ in nodes]
    arrived[-1].append(np.ones_like(nodes[-1].value))
    for k in range(len(nodes) - 1, -1, -1):
        node = nodes[k]
        total = sum(arrived[k][1:], arrived[k][0].copy()) if arrived[k] else None
        if isinstance(node, Parameter):
            if total is not None:
                node.grad += total
            continue
        node.grad = total
        if total is not None and isinstance(node, Gate):
            outs = node.op.backprop([i.value for i in node.inputs], node.state, total)
            for inp, gi in zip(node.inputs, outs):
                if gi is not None:
                    arrived[position[id(inp)]].append(gi)
