# EXERCISE 00.clear
# expect: incorrect: deletes the attributes instead of setting them to None
def clear(nodes):
    for node in nodes:
        if isinstance(node, Parameter):
            continue
        del node.value
        del node.grad
        if isinstance(node, Gate):
            del node.state
