# EXERCISE 06.parameters
# expect: incorrect: looks one level down only
def parameters(module):
    found, seen = [], set()
    children = [module] + [v for v in vars(module).values() if isinstance(v, Module)]
    for v in vars(module).values():
        if isinstance(v, (list, tuple)):
            children += [x for x in v if isinstance(x, Module)]
    for m in children:
        for v in vars(m).values():
            if isinstance(v, Parameter) and id(v) not in seen:
                seen.add(id(v))
                found.append(v)
    return found
