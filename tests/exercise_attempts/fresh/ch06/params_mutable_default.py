# EXERCISE 06.parameters
# expect: incorrect: the seen set is a default argument
def parameters(module, seen=set()):
    found = []
    for v in vars(module).values():
        items = v if isinstance(v, (list, tuple)) else [v]
        for item in items:
            if isinstance(item, Parameter) and id(item) not in seen:
                seen.add(id(item))
                found.append(item)
            elif isinstance(item, Module):
                found += parameters(item, seen)
    return found
