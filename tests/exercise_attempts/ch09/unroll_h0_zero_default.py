# EXERCISE 09.unroll
# expect: incorrect: without h0
# Defaults h0 to the number 0 instead of None.
def unroll(cell, xs, h0=0):
    states, h = [], h0
    for x in xs:
        h = cell(x, h)
        states.append(h)
    return states
