"""Chapter 10's hidden cases: run by the grader only, never shipped with the
course package (see instructor/README.md)."""

import numpy as np

from classroom.designs import depth_first as df
from classroom.exercises.ch10_designs_compared import (
    _ct,
    _diamond_ladder,
    _k_case,
    _linear_case,
    _once_case,
    _unblocked_case,
)
from classroom.exercises.core import Case


def _mlp():
    rng = np.random.default_rng(3)
    X, Y = rng.standard_normal((4, 2)), rng.standard_normal((4, 1))
    W1, b1, W2 = (df.Var(rng.standard_normal(s)) for s in ((2, 3), (3,), (3, 1)))
    h = (X @ W1 + b1).tanh()
    return {"W1": W1, "b1": b1, "W2": W2}, ((h @ W2 - Y) ** 2).mean()


def _deep_dead():
    w, x = _ct([[1.0, 2.0], [3.0, 4.0]]), _ct([[0.5], [-1.0]])
    h = w.mm(x)
    unused = h.transpose()
    z = h * h - h
    unused2 = w + w
    return {"w": w, "x": x}, z.sum(0).sum(0)


HIDDEN = {
    "10.ladder_visits": [
        Case("a tall ladder", _k_case(30)),
        Case("another ladder", _k_case(7)),
    ],
    "10.backward_once": [
        Case("a small network with a broadcast bias", _once_case(_mlp)),
        Case("a taller ladder", _once_case(_diamond_ladder(10))),
    ],
    "10.linear_op": [
        Case("a larger batch", _linear_case(16, 5, 3, 3)),
    ],
    "10.backward_unblocked": [
        Case("unused results at several depths of a graph with mm",
             _unblocked_case(_deep_dead)),
    ],
}
