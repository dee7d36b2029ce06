# EXERCISE 11.layer_grad_norms
# expect: incorrect: visits it once
# Walks the tree itself, depth first, children in order: the order of modules(), but a
# layer the model holds twice is visited twice.
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
