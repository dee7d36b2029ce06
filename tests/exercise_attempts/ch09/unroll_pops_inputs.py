# EXERCISE 09.unroll
# expect: incorrect: changed the list `xs`
# Consumes the caller's list with pop(0).
def unroll(cell, xs, h0=None):
    states, h = [], h0
    while xs:
        h = cell(xs.pop(0), h)
        states.append(h)
    return states
