# EXERCISE 06.parameters
# expect: incorrect: counts every Tensor that requires grad
def parameters(module):
    found, seen = [], set()

    def visit(v):
        if isinstance(v, Tensor) and v.requires_grad:
            if id(v) not in seen:
                seen.add(id(v))
                found.append(v)
        elif isinstance(v, Module):
            for x in vars(v).values():
                visit(x)
        elif isinstance(v, (list, tuple)):
            for x in v:
                visit(x)

    visit(module)
    return found
