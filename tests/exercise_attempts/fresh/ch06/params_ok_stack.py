# EXERCISE 06.parameters
# expect: correct
def parameters(module):
    found, seen, stack = [], set(), [module]
    visited = set()
    while stack:
        m = stack.pop()
        if id(m) in visited:
            continue
        visited.add(id(m))
        items = list(vars(m).values())
        while items:
            v = items.pop(0)
            if isinstance(v, Parameter):
                if id(v) not in seen:
                    seen.add(id(v))
                    found.append(v)
            elif isinstance(v, Module):
                stack.append(v)
            elif isinstance(v, (list, tuple)):
                items.extend(v)
    return found
