"""Exercises with instant feedback (``classroom.exercises``).

* ``core.py``      what an exercise is; probing an answer and judging what it did
* ``rules.py``     rules the cases check: inputs left alone, results recorded, types
* ``shortcuts.py`` forbidden shortcuts (the library's own piece) and recursion
* ``shared_state.py`` mutable defaults and class attributes that keep state between calls
* ``registry.py``  finding exercises: one module per chapter, ``chNN_topic.py``
* ``learner.py``   ``check``, ``hint`` and ``solution``, for exercise notebooks
* ``feedback.py``  coloured boxes in Jupyter, plain text elsewhere
* ``generate.py``  ``python -m classroom.exercises.generate``: exercises/ from solutions/
* ``chNN_*.py``    each chapter's exercises, known mistakes and hints

The autograder that uses the same checks lives in :mod:`classroom.grade`.
"""

from .core import CORRECT, INCORRECT, NOT_ATTEMPTED, Case, Exercise
from .learner import check, hint, solution
from .registry import exercises, get

__all__ = ["check", "hint", "solution", "get", "exercises", "Exercise", "Case",
           "CORRECT", "INCORRECT", "NOT_ATTEMPTED"]
