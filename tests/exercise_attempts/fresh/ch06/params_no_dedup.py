# EXERCISE 06.parameters
# expect: incorrect: a shared parameter is listed twice
def parameters(module):
    found = []

    def visit(v):
        if isinstance(v, Parameter):
            found.append(v)
        elif isinstance(v, Module):
            for x in vars(v).values():
                visit(x)
        elif isinstance(v, (list, tuple)):
            for x in v:
                visit(x)

    visit(module)
    return found
