# EXERCISE 10.backward_once
# expect: incorrect: its gradient is ones of its shape
# From the blind attempts of issue 22 (fresh/ch10/bwd_scalar_seed.py):
# seeds the root with the number 1.0, not ones of its shape.
def backward_once(root):
    nodes = root.nodes()
    for node in nodes:
        node.grad = 0.0
    root.grad = 1.0
    for node in nodes:
        for parent, local in node.parents:
            parent.grad = parent.grad + carry(local, np.asarray(node.grad) * np.ones(np.shape(node.value)), parent)
    return len(nodes)
