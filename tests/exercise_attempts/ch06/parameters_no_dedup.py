# EXERCISE 06.parameters
# expect: incorrect: once
def parameters(module):
    out = []
    for value in vars(module).values():
        for item in (value if isinstance(value, (list, tuple)) else [value]):
            if isinstance(item, Parameter):
                out.append(item)
            elif isinstance(item, Module):
                out.extend(parameters(item))
    return out
