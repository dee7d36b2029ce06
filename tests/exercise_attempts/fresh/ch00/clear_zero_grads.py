# EXERCISE 00.clear
# expect: incorrect: sets gradients to zeros instead of None
def clear(nodes):
    for node in nodes:
        if isinstance(node, Parameter):
            continue
        if node.grad is not None:
            node.grad = np.zeros_like(node.grad)
        node.value = None
        if isinstance(node, Gate):
            node.state = None
