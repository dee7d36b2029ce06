# EXERCISE 09.unroll
# expect: correct
def unroll(cell, xs, h0=None):
    h = h0
    return [h := cell(x, h) for x in xs]
