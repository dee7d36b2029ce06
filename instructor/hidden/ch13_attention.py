"""Chapter 13's hidden cases: run by the grader only, never shipped with the
course package (see instructor/README.md)."""

from classroom.exercises.ch13_attention import (
    _causal_case,
    _greedy_case,
    _op_case,
    _scores_case,
    _sinusoidal_case,
    _split_case,
)
from classroom.exercises.core import Case

HIDDEN = {
    "13.scores": [
        Case("a batch of 3 lines, 7 queries and 4 keys of width 5",
             _scores_case((3, 7, 5), (3, 4, 5), 30)),
    ],
    "13.causal_weights": [
        Case("a batch of 4 lines, scores (4, 6, 6)", _causal_case((4, 6, 6), 30)),
    ],
    "13.split_heads": [
        Case("x of shape (3, 2, 8) split into 4 heads of width 2", _split_case((3, 2, 8), 4, 30)),
    ],
    "13.sinusoidal": [
        Case("T = 64 positions of width E = 32", _sinusoidal_case(64, 32)),
    ],
    "13.greedy": [
        Case("four prompts of 3 tokens, 6 steps, a vocabulary of 11, training mode",
             _greedy_case([[1, 2, 3], [10, 0, 5], [4, 4, 4], [7, 1, 9]], 6, 11, 30)),
    ],
    "13.attention_op": [
        Case("5 queries, 2 keys, d = 3, values of width 4", _op_case(5, 2, 3, 4, 30)),
    ],
}
