# EXERCISE 09.unroll
# expect: incorrect: returns the last state only
def unroll(cell, xs, h0=None):
    h = h0
    for x in xs:
        h = cell(x, h)
    return h
