# EXERCISE 09.unroll
# expect: incorrect: the result list is a default argument
def unroll(cell, xs, h0=None, states=[]):
    h = h0
    for x in xs:
        h = cell(x, h)
        states.append(h)
    return states
