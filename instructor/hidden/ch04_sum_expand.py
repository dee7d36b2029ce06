"""Chapter 4's hidden cases: run by the grader only, never shipped with the
course package (see instructor/README.md)."""

import numpy as np

from classroom.exercises.ch04_sum_expand import (_binary_case, _expand_case, _sum_to_case,
                                                 _unary_case)
from classroom.exercises.core import Case

HIDDEN = {
    "04.sum_op": [
        Case("a 3-D tensor", _unary_case(np.arange(24.0).reshape(2, 3, 4) / 7, 1)),
    ],
    "04.expand_op": [
        Case("a matrix with a new last axis", _expand_case([[0.5, 1.0, -1.5],
                                                            [2.0, 0.0, 3.0]], 2, 5)),
    ],
    "04.sum_to": [
        Case("a 4-D gradient", _sum_to_case((2, 3, 4, 5), (3, 1, 5), offset=-30.0)),
        Case("another mix of leading and size-1 axes",
             _sum_to_case((2, 3, 1), (3, 1), offset=1.0)),
    ],
    "04.mul": [
        Case("a small batch", _binary_case(np.arange(6.0).reshape(2, 1, 3) - 2.5,
                                           [[1.0], [-2.0], [0.5], [3.0]], offset=2.0)),
    ],
    "04.div": [
        Case("both inputs broadcast", _binary_case([[1.0], [-2.0], [3.0]],
                                                       [[2.0, 0.25, -3.0]], offset=1.0)),
    ],
}
