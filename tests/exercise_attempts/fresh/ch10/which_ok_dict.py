# EXERCISE 10.which_designs
# expect: correct
ALL = {"static graph", "closures", "creator tape", "depth-first", "minigrad"}
TABLE = {
    "an if or a loop that depends on a value can change the computation from one input to the next":
        ALL - {"static graph"},
    "the whole computation is known before any data arrives, so it can be inspected and optimised ahead of time":
        {"static graph"},
    "a result computed but never used by the loss stops gradients from reaching the values beneath it":
        {"creator tape"},
    "on a ladder of diamonds its backward does work that grows exponentially with the number of rungs":
        {"depth-first"},
    "there is no graph object: the record of the computation is a chain of Python functions":
        {"closures"},
    "the record of the computation is built while the forward pass runs (define-by-run)":
        ALL - {"static graph"},
    "gives correct gradients when one value is used by two consumers (and everything reaches the loss)":
        ALL,
}


def which_designs(prop):
    return set(TABLE[prop])
