# EXERCISE 09.unroll
# expect: correct
from itertools import accumulate


def unroll(cell, xs, h0=None):
    if not xs:
        return []
    first = cell(xs[0], h0)
    return list(accumulate(xs[1:], lambda h, x: cell(x, h), initial=first))
