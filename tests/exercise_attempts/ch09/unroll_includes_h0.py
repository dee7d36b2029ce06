# EXERCISE 09.unroll
# expect: mistake: unroll_includes_h0
# Starts the list with h0 (and with None when h0 is None).
def unroll(cell, xs, h0=None):
    states = [h0]
    for x in xs:
        states.append(cell(x, states[-1]))
    return states
