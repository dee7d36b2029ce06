"""Chapter 8's hidden cases: run by the grader only, never shipped with the
course package (see instructor/README.md)."""

import numpy as np

from classroom.exercises.ch08_classifier import (
    _accuracy_case,
    _ce_case,
    _confusion_case,
    _fused_case,
    _logits,
    _softmax_grad,
    _softmax_values,
)
from classroom.exercises.core import Case

_R = np.random.default_rng(8)


_HIDDEN_TRUE = _R.integers(0, 5, 40)


_HIDDEN_PRED = np.where(_R.random(40) < 0.7, _HIDDEN_TRUE, _R.integers(0, 5, 40))


_ACC_LOGITS, _ACC_TARGET = _logits(5, (9, 4)), [0, 1, 2, 3, 0, 1, 2, 3, 1]


HIDDEN = {
    "08.softmax": [
        Case("a larger batch", _softmax_grad((6, 10), 10)),
        Case("more extreme rows", _softmax_values([[-500.0, 800.0, 799.0, -2.0],
                                                   [-900.0, -901.0, -905.0, -950.0]])),
    ],
    "08.cross_entropy": [
        Case("a larger batch", _ce_case(_logits(3, (7, 10)).tolist(),
                                        [3, 0, 9, 9, 2, 5, 1])),
    ],
    "08.accuracy": [
        Case("a larger batch", _accuracy_case(_ACC_LOGITS.tolist(), _ACC_TARGET,
                                              int((_ACC_LOGITS.argmax(axis=1) == _ACC_TARGET)
                                                  .sum()))),
    ],
    "08.confusion_matrix": [
        Case("many more examples", _confusion_case(_HIDDEN_TRUE.tolist(),
                                                   _HIDDEN_PRED.tolist(), 5)),
    ],
    "08.cross_entropy_op": [
        Case("a larger batch, scaled loss", _fused_case(_logits(21, (8, 10), 4.0).tolist(),
                                                        [0, 1, 2, 3, 4, 5, 6, 7],
                                                        upstream=0.5)),
    ],
}
