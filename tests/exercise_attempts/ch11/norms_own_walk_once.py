# EXERCISE 11.layer_grad_norms
# expect: correct
# Walks the tree itself, depth first, children in order, remembering the modules it visited.
def layer_grad_norms(model):
    norms, seen = [], set()

    def visit(module):
        if id(module) in seen:
            return
        seen.add(id(module))
        if isinstance(module, nn.Linear):
            g = module.weight.grad
            norms.append(0.0 if g is None else float(np.linalg.norm(g.data)))
        for child in module.children():
            visit(child)

    visit(model)
    return norms
