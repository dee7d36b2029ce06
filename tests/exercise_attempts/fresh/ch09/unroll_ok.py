# EXERCISE 09.unroll
# expect: correct
def unroll(cell, xs, h0=None):
    states = []
    h = h0
    for x in xs:
        h = cell(x, h)
        states.append(h)
    return states
