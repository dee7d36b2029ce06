# EXERCISE 00.clear
# expect: incorrect: also resets the parameters' gradients
def clear(nodes):
    for node in nodes:
        if isinstance(node, Parameter):
            node.grad = np.zeros_like(node.value)
            continue
        node.value = None
        node.grad = None
        if isinstance(node, Gate):
            node.state = None
