# EXERCISE 06.parameters
# expect: incorrect: never looks inside lists
def parameters(module):
    found, seen = [], set()

    def visit(m):
        for v in vars(m).values():
            if isinstance(v, Parameter) and id(v) not in seen:
                seen.add(id(v))
                found.append(v)
            elif isinstance(v, Module):
                visit(v)

    visit(module)
    return found
