# EXERCISE 10.which_designs
# expect: incorrect: also blames the creator tape for exponential work
def which_designs(prop):
    p = prop.lower()
    every = ["static graph", "closures", "creator tape", "depth-first", "minigrad"]
    if "ahead of time" in p:
        return ["static graph"]
    if "never used" in p:
        return ["creator tape"]
    if "exponential" in p:
        return ["depth-first", "creator tape"]
    if "python functions" in p:
        return ["closures"]
    if "two consumers" in p:
        return every
    return every[1:]
