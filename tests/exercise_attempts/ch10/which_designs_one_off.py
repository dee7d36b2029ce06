# EXERCISE 10.which_designs
# expect: incorrect: reconsider closures
# Thinks the closure design is built before the data, like the static graph.
def which_designs(prop):
    all5 = {"static graph", "closures", "creator tape", "depth-first", "minigrad"}
    if "if or a loop" in prop or "define-by-run" in prop:
        return all5 - {"static graph", "closures"}
    if "before any data" in prop:
        return {"static graph"}
    if "never used by the loss" in prop:
        return {"creator tape"}
    if "exponentially" in prop:
        return {"depth-first"}
    if "no graph object" in prop:
        return {"closures"}
    return all5
