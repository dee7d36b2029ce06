# EXERCISE 09.unroll
# expect: incorrect: ignores a given h0 and always starts from None
def unroll(cell, xs, h0=None):
    states, h = [], None
    for x in xs:
        h = cell(x, h)
        states.append(h)
    return states
