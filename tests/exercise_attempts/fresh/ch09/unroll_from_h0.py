# EXERCISE 09.unroll
# expect: incorrect: every step starts from h0
def unroll(cell, xs, h0=None):
    return [cell(x, h0) for x in xs]
