# EXERCISE 10.which_designs
# expect: incorrect: leaves the closures out of "correct with two consumers"
def which_designs(prop):
    p = prop.lower()
    every = ["static graph", "closures", "creator tape", "depth-first", "minigrad"]
    if "ahead of time" in p:
        return ["static graph"]
    if "never used" in p:
        return ["creator tape"]
    if "exponential" in p:
        return ["depth-first"]
    if "python functions" in p:
        return ["closures"]
    if "two consumers" in p:
        return ["static graph", "creator tape", "depth-first", "minigrad"]
    return every[1:]
