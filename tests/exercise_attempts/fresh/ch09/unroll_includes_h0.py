# EXERCISE 09.unroll
# expect: incorrect: h0 is in the result
def unroll(cell, xs, h0=None):
    states = [h0]
    for x in xs:
        states.append(cell(x, states[-1]))
    return states
