# EXERCISE 06.parameters
# expect: correct
# Recursion, with one set of visited modules and one of listed parameters.
def parameters(module, _seen=None):
    seen = set() if _seen is None else _seen
    found = []
    if id(module) in seen:
        return found
    seen.add(id(module))
    for value in vars(module).values():
        for item in (value if isinstance(value, (list, tuple)) else [value]):
            if isinstance(item, Parameter) and id(item) not in seen:
                seen.add(id(item))
                found.append(item)
            elif isinstance(item, Module):
                found += parameters(item, seen)
    return found
