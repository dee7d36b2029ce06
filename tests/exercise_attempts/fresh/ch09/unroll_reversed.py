# EXERCISE 09.unroll
# expect: incorrect: feeds the inputs last to first
def unroll(cell, xs, h0=None):
    states, h = [], h0
    for x in reversed(xs):
        h = cell(x, h)
        states.append(h)
    return states
