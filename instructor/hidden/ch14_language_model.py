"""Chapter 14's hidden cases: run by the grader only, never shipped with the
course package (see instructor/README.md)."""

import math

from classroom.exercises.ch14_language_model import (
    _cache_case,
    _initial_case,
    _perplexity_case,
    _top_k_case,
    _windows_case,
)
from classroom.exercises.core import Case

HIDDEN = {
    "14.windows": [
        Case("ids 100, 99, …, 71, windows of 6 starting at 2, 17 and 23",
             _windows_case(range(100, 70, -1), [2, 17, 23], 6)),
    ],
    "14.initial_loss": [
        Case("a vocabulary of 50,257 tokens (GPT-2's)", _initial_case(50257)),
    ],
    "14.top_k": [
        Case("logits [-1, 2.5, 0, 1, -3, 0.7, 2], temperature 0.7, top-4",
             _top_k_case([-1.0, 2.5, 0.0, 1.0, -3.0, 0.7, 2.0], 0.7, 4)),
    ],
    "14.kv_cache": [
        Case("3 heads of width 5, 7 positions cached", _cache_case(3, 7, 5, 30)),
    ],
    "14.perplexity": [
        Case("a loss of 2.603 (the chapter's bigram)", _perplexity_case(2.603)),
        Case("a loss of ln 2 (a coin)", _perplexity_case(math.log(2))),
    ],
}
