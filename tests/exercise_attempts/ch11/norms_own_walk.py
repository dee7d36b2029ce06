# EXERCISE 11.layer_grad_norms
# expect: correct
# Walks the tree itself, depth first, children in order: the same order as modules().
def layer_grad_norms(model):
    norms = []

    def visit(module):
        if isinstance(module, nn.Linear):
            grad = module.weight.grad
            norms.append(0.0 if grad is None else math.sqrt(float((grad.data * grad.data).sum())))
        for child in module.children():
            visit(child)

    visit(model)
    return norms
