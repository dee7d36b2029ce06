"""Chapter 3's hidden cases: run by the grader only, never shipped with the
course package (see instructor/README.md)."""

import numpy as np

from classroom.exercises.ch03_mul_mm import (
    _affine_case,
    _binary_case,
    _numeric_case,
    _seeded,
    _self_case,
)
from classroom.exercises.core import Case

_H_SUB = _seeded(3, (2, 3), (2, 3), (2, 3))


_H_MUL = _seeded(4, (2, 3), (2, 3), (2, 3))


_H_MM = _seeded(5, (4, 5), (5, 3), (4, 3))


_H_MM_SELF = _seeded(6, (3, 3), (3, 3))


_H_AFFINE = _seeded(8, (6, 4), (4, 3), (3,), (6, 3))


_H_X = _seeded(7, (3, 4))[0]


def _f_hidden(x):
    return float(np.sum(np.exp(0.5 * x)) + x[0, 0] * x[2, 3])


def _f_hidden_grad(x):
    g = 0.5 * np.exp(0.5 * x)
    g[0, 0] += x[2, 3]
    g[2, 3] += x[0, 0]
    return g


HIDDEN = {
    "03.sub": [
        Case("2-D inputs", _binary_case(*_H_SUB, single_op=True)),
    ],
    "03.mul": [
        Case("2-D inputs", _binary_case(*_H_MUL)),
    ],
    "03.mm": [
        Case("a larger product", _binary_case(*_H_MM)),
        Case("a matrix used twice", _self_case(*_H_MM_SELF)),
    ],
    "03.affine": [
        Case("a larger batch", _affine_case(*_H_AFFINE)),
    ],
    "03.numeric_grad": [
        Case("another function of a matrix", _numeric_case(_f_hidden, _H_X, None),
             info=(_f_hidden, _H_X, None, _f_hidden_grad, 1e-6)),
    ],
}
