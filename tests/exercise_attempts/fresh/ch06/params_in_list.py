# EXERCISE 06.parameters
# expect: incorrect: dedups with `in` on a list, which compares tensors by value
def parameters(module):
    found = []

    def visit(v):
        if isinstance(v, Parameter):
            try:
                if v not in found:
                    found.append(v)
            except Exception:
                if not any(bool((v == f).data.all()) for f in found if f.shape == v.shape):
                    found.append(v)
        elif isinstance(v, Module):
            for x in vars(v).values():
                visit(x)
        elif isinstance(v, (list, tuple)):
            for x in v:
                visit(x)

    visit(module)
    return found
