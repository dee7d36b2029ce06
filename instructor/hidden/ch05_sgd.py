"""Chapter 5's hidden cases: run by the grader only, never shipped with the
course package (see instructor/README.md)."""

import numpy as np

from classroom.exercises.ch05_sgd import _grads_case, _lr_case, _mse_case, _net_case, _sgd_loop
from classroom.exercises.core import Case

_rng = np.random.default_rng(5)
_BIG_PRED, _BIG_TARGET = _rng.standard_normal((16, 1)), _rng.standard_normal((16, 1))

_rng = np.random.default_rng(55)
_X8 = _rng.integers(0, 2, size=(8, 2)).astype(float) + 0.1 * _rng.standard_normal((8, 2))


_Y8 = _X8[:, 1:] * 0.5 + 0.2


HIDDEN = {
    "05.mse": [
        Case("a larger batch", _mse_case(_BIG_PRED, _BIG_TARGET, target_grad=True)),
    ],
    "05.sgd_class": [
        Case("a matrix parameter, another learning rate, more rounds",
             _sgd_loop([[1.0, 2.0], [0.5, -1.0], [0.0, 1.0], [2.0, 0.0]],
                       [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [0.5, 0.5]],
                       [[0.3, -0.1], [0.2, 0.4]], 0.05, 7)),
    ],
    "05.manual_grads": [
        Case("a larger batch and other weights", _grads_case(_X8, _Y8, 3)),
    ],
    "05.train": [
        Case("the network from other starting weights, for longer", _net_case(4, 0.3, 25)),
    ],
    "05.largest_lr": [
        Case("other starting weights and other learning rates",
             _lr_case(1, [2, 0.2, 500, 0.02, 0.7])),
    ],
}
