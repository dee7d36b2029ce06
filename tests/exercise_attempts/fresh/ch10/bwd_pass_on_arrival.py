# EXERCISE 10.backward_once
# expect: incorrect: passes each contribution down as it arrives (the naive walk)
def backward_once(root):
    for node in root.nodes():
        node.grad = np.zeros_like(node.value, dtype=float)
    visits = 0
    stack = [(root, np.ones_like(root.value, dtype=float))]
    while stack:
        node, g = stack.pop()
        visits += 1
        node.grad = node.grad + g
        for parent, local in node.parents:
            stack.append((parent, carry(local, g, parent)))
    return visits
