# EXERCISE 06.parameters
# expect: correct
def parameters(module):
    out = {}

    def visit(value):
        if isinstance(value, Parameter):
            out.setdefault(id(value), value)
        elif isinstance(value, Module):
            for v in vars(value).values():
                visit(v)
        elif isinstance(value, (list, tuple)):
            for v in value:
                visit(v)

    visit(module)
    return list(out.values())
