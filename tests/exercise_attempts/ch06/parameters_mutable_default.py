# EXERCISE 06.parameters
# expect: incorrect: default
# A mutable default argument collects parameters across calls.
def parameters(module, found=[]):
    for value in vars(module).values():
        for item in (value if isinstance(value, (list, tuple)) else [value]):
            if isinstance(item, Parameter) and not any(item is f for f in found):
                found.append(item)
            elif isinstance(item, Module):
                parameters(item, found)
    return found
