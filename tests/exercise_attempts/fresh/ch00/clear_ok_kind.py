# EXERCISE 00.clear
# expect: correct
def clear(nodes):
    for node in (n for n in nodes if n.kind != "parameter"):
        node.value = node.grad = None
        if hasattr(node, "op"):
            node.state = None
