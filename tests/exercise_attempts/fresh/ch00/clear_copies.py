# EXERCISE 00.clear
# expect: incorrect: clears copies of the nodes, not the nodes themselves
import copy


def clear(nodes):
    out = []
    for node in nodes:
        node = copy.copy(node)
        if not isinstance(node, Parameter):
            node.value = node.grad = None
            if isinstance(node, Gate):
                node.state = None
        out.append(node)
    return out
