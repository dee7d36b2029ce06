"""Chapter 11's hidden cases: run by the grader only, never shipped with the
course package (see instructor/README.md)."""

import numpy as np

from classroom.exercises.ch11_deep_networks import (
    _Wrapped,
    _block_trained,
    _clip_case,
    _flat,
    _frozen,
    _ln_case,
    _norms_case,
    _rates_case,
    _seeded,
    _std_case,
    _std_refuses,
)
from classroom.exercises.core import Case

_R = np.random.default_rng(11)

HIDDEN = {
    "11.kaiming_std": [
        Case("a wide layer, and a tiny one", _std_case(300, 7, ["relu", "tanh", "linear"])),
        Case("Linear(3, 3) with every nonlinearity", _std_case(3, 3, [None, "relu", "tanh",
                                                                      "linear"])),
        Case("another name it does not cover", _std_refuses("leaky_relu")),
    ],
    "11.layer_grad_norms": [
        Case("other weights, nested", _norms_case(_Wrapped, 5, 70)),
        Case("other weights, flat", _norms_case(_flat, 4, 71)),
        Case("frozen first layer, other weights", _norms_case(_frozen, 4, 72)),
    ],
    "11.residual_block": [
        Case("width 8, a batch of 7", _block_trained(8, 7, 80)),
        Case("width 1, a batch of 3", _block_trained(1, 3, 81, 0.5)),
    ],
    "11.clip_grad_norm": [
        Case("many gradients, clipped", _clip_case([_R.normal(0, 3, (4, 5)), _R.normal(0, 3, 5),
                                                    None, _R.normal(0, 3, (2, 2))], 1.5, True)),
        Case("gradients just below the limit", _clip_case([[0.6, 0.0], [0.0, 0.8]], 1.01)),
    ],
    "11.warmup_cosine": [
        Case("a long schedule", _rates_case([0, 99, 100, 101, 550, 999, 1000, 5000], 1000, 100,
                                            3e-4, 1e-5)),
        Case("a warm-up of one step", _rates_case([0, 1, 2, 3], 4, 1, 2.0)),
    ],
    "11.layer_norm": [
        Case("a larger batch", _ln_case(_seeded((6, 5), 90, 4.0), _seeded(5, 91) + 1.0,
                                        _seeded(5, 92), 93)),
        Case("a single row", _ln_case([[0.5, -1.5, 2.0]], [1.0, -1.0, 0.5], [0.0, 0.0, 1.0],
                                      94, 2.0)),
    ],
}
