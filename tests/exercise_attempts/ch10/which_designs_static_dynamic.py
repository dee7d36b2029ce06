# EXERCISE 10.which_designs
# expect: incorrect: static graph
# Thinks the static graph can branch on values too.
def which_designs(prop):
    p = prop.lower()
    if "if or a loop" in p:
        return ["static graph", "closures", "creator tape", "depth-first", "minigrad"]
    if "known before any data" in p:
        return ["static graph"]
    if "never used by the loss" in p:
        return ["creator tape"]
    if "exponentially" in p:
        return ["depth-first"]
    if "no graph object" in p:
        return ["closures"]
    if "define-by-run" in p:
        return ["closures", "creator tape", "depth-first", "minigrad"]
    if "two consumers" in p:
        return ["static graph", "closures", "creator tape", "depth-first", "minigrad"]
    return []
