"""Chapter 2's hidden cases: run by the grader only, never shipped with the
course package (see instructor/README.md)."""

import numpy as np

from classroom.exercises.ch02_add_neg import (
    _binary_case,
    _graph_case,
    _ladder,
    _named,
    _neg_case,
    _visits_case,
    grad_of,
    leaf,
)
from classroom.exercises.core import Case


def _accumulate_three(answer):
    t = leaf([[0.0, 0.0]])
    for g in ([[1.0, 2.0]], [[3.0, 4.0]], [[-1.0, 0.5]]):
        answer(t, np.array(g))
    return {"stored gradient": grad_of(t)}


def _layers():
    # three layers, every node used by two consumers
    a, b = leaf([1.0]), leaf([2.0])
    nb = -b
    c, d = a + b, a + nb
    nc = -c
    e, f = c + d, nc + d
    g = e + f
    return g, _named(a=a, b=b, nb=nb, c=c, d=d, nc=nc, e=e, f=f, g=g)


HIDDEN = {
    "02.add": [
        Case("2-D inputs", _binary_case("add", [[1.0, 2.0], [3.0, 4.0]], [[0.5, 0.5], [1.0, 2.0]],
                                        [[1.0, 2.0], [3.0, 4.0]])),
    ],
    "02.neg": [
        Case("a matrix", _neg_case([[1.0, 2.0], [3.0, 4.0]], [[1.0, -1.0], [2.0, 0.0]])),
    ],
    "02.accumulate": [
        Case("three contributions to a 1×2 tensor", _accumulate_three),
    ],
    "02.count_visits": [
        Case("a ladder of 25 diamonds", _visits_case(lambda: _ladder(25))),
    ],
    "02.topological_order": [
        Case("a graph with two leaves and shared nodes in every layer", _graph_case(_layers),
             info=_layers),
    ],
}
