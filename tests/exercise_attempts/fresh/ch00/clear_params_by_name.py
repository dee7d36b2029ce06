# EXERCISE 00.clear
# expect: incorrect: recognises parameters by their names W and b
def clear(nodes):
    for node in nodes:
        if node.name in ("W", "b"):
            continue
        node.value = None
        node.grad = None
        if isinstance(node, Gate):
            node.state = None
