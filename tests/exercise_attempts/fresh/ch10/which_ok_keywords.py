# EXERCISE 10.which_designs
# expect: correct
def which_designs(prop):
    p = prop.lower()
    everyone = ["static graph", "closures", "creator tape", "depth-first", "minigrad"]
    if "ahead of time" in p or "before any data" in p:
        return ["static graph"]
    if "never used" in p or "unused" in p:
        return ["creator tape"]
    if "exponential" in p:
        return ["depth-first"]
    if "python functions" in p or "no graph object" in p:
        return ["closures"]
    if "two consumers" in p:
        return everyone
    if "if or a loop" in p or "define-by-run" in p:
        return everyone[1:]
    raise ValueError(f"unknown property: {prop}")
