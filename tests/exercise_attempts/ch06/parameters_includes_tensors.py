# EXERCISE 06.parameters
# expect: incorrect: not Parameters
# Lists every Tensor that requires grad, Parameter or not.
def parameters(module):
    out = []

    def walk(m):
        for value in vars(m).values():
            for item in (value if isinstance(value, (list, tuple)) else [value]):
                if isinstance(item, Tensor) and item.requires_grad:
                    if all(item is not o for o in out):
                        out.append(item)
                elif isinstance(item, Module):
                    walk(item)

    walk(module)
    return out
