# EXERCISE 10.which_designs
# expect: incorrect: returns one comma-separated string
def which_designs(prop):
    p = prop.lower()
    if "ahead of time" in p:
        return "static graph"
    if "never used" in p:
        return "creator tape"
    if "exponential" in p:
        return "depth-first"
    if "python functions" in p:
        return "closures"
    if "two consumers" in p:
        return "static graph, closures, creator tape, depth-first, minigrad"
    return "closures, creator tape, depth-first, minigrad"
