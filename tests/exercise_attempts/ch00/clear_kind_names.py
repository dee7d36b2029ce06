# EXERCISE 00.clear
# expect: correct
# Tells the kinds apart by the name of their class.
def clear(nodes):
    for node in nodes:
        kind = type(node).__name__
        if kind == "Parameter":
            continue
        node.value = None
        node.grad = None
        if kind == "Gate":
            node.state = None
