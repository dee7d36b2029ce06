"""Chapter 9's hidden cases: run by the grader only, never shipped with the
course package (see instructor/README.md)."""

from classroom.exercises.ch09_recurrent import (
    _norms_case,
    _sincos,
    _step_case,
    _tbptt_case,
    _unroll_case,
    _windows_case,
)
from classroom.exercises.core import Case

HIDDEN = {
    "09.windows": [
        Case("a longer series with longer windows", _windows_case(_sincos(61, 1.3), 7)),
    ],
    "09.rnn_step": [
        Case("another batch, input and hidden sizes", _step_case(3, 2, 4, 20)),
    ],
    "09.unroll": [
        Case("a longer sequence", _unroll_case(7, 3, 2, 4, 30)),
    ],
    "09.grad_norms": [
        Case("a longer sequence", _norms_case(12, 2, 6, 2)),
    ],
    "09.truncated_bptt": [
        Case("a longer sequence and other chunks", _tbptt_case(20, 5, 5, 2)),
    ],
}
