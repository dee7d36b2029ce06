# EXERCISE 09.unroll
# expect: incorrect: starts at the second input
def unroll(cell, xs, h0=None):
    states, h = [], h0
    for x in xs[1:]:
        h = cell(x, h)
        states.append(h)
    return states
