# EXERCISE 00.clear
# expect: correct
def clear(nodes):
    for node in nodes:
        if isinstance(node, Parameter):
            continue
        node.value = None
        node.grad = None
        if isinstance(node, Gate):
            node.state = None
