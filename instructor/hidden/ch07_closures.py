"""Chapter 7's hidden cases: run by the grader only, never shipped with the
course package (see instructor/README.md)."""

from classroom.exercises.ch07_closures import (
    _fit_case,
    _linear_case,
    _loss_case,
    _mlp_case,
    _relu_case,
    _seeded,
)
from classroom.exercises.core import Case

HIDDEN = {
    "07.linear": [
        Case("another layer size and batch", _linear_case(6, 3, 7, 40)),
    ],
    "07.relu": [
        Case("a larger random batch", _relu_case(_seeded((6, 5), 3), _seeded((6, 5), 4))),
    ],
    "07.sequential": [
        Case("another network and batch", _mlp_case(2, 6, 3, 4, 10)),
    ],
    "07.mse_loss": [
        Case("a larger batch", _loss_case((10, 3), 20)),
    ],
    "07.fit": [
        Case("another data set, batch size and seed", _fit_case(17, 4, 3, 6, 9)),
    ],
}
