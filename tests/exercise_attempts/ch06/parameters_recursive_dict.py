# EXERCISE 06.parameters
# expect: correct
# Recursive, collecting into a dict keyed by id so shared parameters count once.
def parameters(module):
    collected = {}

    def walk(obj, visited):
        if isinstance(obj, Parameter):
            collected.setdefault(id(obj), obj)
        elif isinstance(obj, Module):
            if id(obj) in visited:
                return
            visited.add(id(obj))
            for attr in vars(obj).values():
                walk(attr, visited)
        elif isinstance(obj, (list, tuple)):
            for item in obj:
                walk(item, visited)

    walk(module, set())
    return list(collected.values())
