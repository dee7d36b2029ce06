# EXERCISE 06.parameters
# expect: incorrect: dedups by attribute name, so every layer's "weight" after the first is lost
def parameters(module):
    found, names = [], set()

    def visit(m):
        for name, v in vars(m).items():
            if isinstance(v, Parameter) and name not in names:
                names.add(name)
                found.append(v)
            elif isinstance(v, Module):
                visit(v)
            elif isinstance(v, (list, tuple)):
                for item in v:
                    if isinstance(item, Module):
                        visit(item)

    visit(module)
    return found
