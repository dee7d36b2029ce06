# EXERCISE 06.parameters
# expect: incorrect: by identity
# Collects the parameters in a dict keyed by attribute name, so duplicates disappear.
def parameters(module):
    found = {}

    def visit(m):
        for name, value in vars(m).items():
            items = value if isinstance(value, (list, tuple)) else [value]
            for item in items:
                if isinstance(item, Parameter):
                    found[name] = item
                elif isinstance(item, Module):
                    visit(item)

    visit(module)
    return list(found.values())
