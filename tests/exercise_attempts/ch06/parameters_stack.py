# EXERCISE 06.parameters
# expect: correct
def parameters(module):
    found, seen_params, seen_modules = [], set(), set()
    stack = [module]
    while stack:
        m = stack.pop()
        if id(m) in seen_modules:
            continue
        seen_modules.add(id(m))
        for value in vars(m).values():
            items = value if isinstance(value, (list, tuple)) else [value]
            for item in items:
                if isinstance(item, Parameter):
                    if id(item) not in seen_params:
                        seen_params.add(id(item))
                        found.append(item)
                elif isinstance(item, Module):
                    stack.append(item)
    return found
