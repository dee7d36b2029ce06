"""The three functions a learner calls in an exercise notebook: ``check``, ``hint``, ``solution``.

    from classroom import check, hint, solution
    check("02.add")        # correct / incorrect (with a reason) / not attempted

Under nbgrader (``NBGRADER_EXECUTION`` set, as ``nbgrader autograde`` and ``validate``
do), a check that is not correct raises :class:`CheckFailed`, so that nbgrader, which
counts a test cell as passed unless it raises, gives its points only to right answers.
    hint("02.add")         # the next hint each time; hint("02.add", 1) for a given one
    solution("02.add")     # the worked answer, only when asked for
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from .. import edition
from .core import NOT_ATTEMPTED, Verdict
from .feedback import Feedback, Note
from .registry import get

_MISSING = object()
_hints_shown: dict = {}

SOLUTIONS_DIR = Path(__file__).resolve().parents[2] / "solutions"
BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"


class CheckFailed(AssertionError):
    """Raised by :func:`check` under nbgrader when the answer is not correct."""


def check(exercise_id: str, answer=_MISSING) -> Feedback:
    """Check your answer to ``exercise_id``.

    The answer is looked up by the name the exercise asks you to define, in the
    notebook that calls ``check`` (or pass it: ``check("02.add", my_add)``).
    """
    exercise = get(exercise_id)
    if answer is _MISSING:
        namespace = sys._getframe(1).f_globals
        if exercise.entry not in namespace:
            return _graded(Feedback(Verdict(exercise, NOT_ATTEMPTED,
                                            f"`{exercise.entry}` is not defined yet: run the "
                                            f"cell with your answer first")))
        answer = namespace[exercise.entry]
    return _graded(Feedback(exercise.check(answer)))


def _graded(feedback: Feedback) -> Feedback:
    if os.environ.get("NBGRADER_EXECUTION") and not feedback.correct:
        raise CheckFailed(repr(feedback))
    return feedback


def hint(exercise_id: str, level: int | None = None) -> Note:
    """The next hint for ``exercise_id`` (hints go from a nudge to nearly the answer)."""
    exercise = get(exercise_id)
    hints = exercise.hints
    if level is None:
        level = min(_hints_shown.get(exercise_id, 0) + 1, len(hints))
    if not 1 <= level <= len(hints):
        raise ValueError(f"{exercise_id} has hints 1 to {len(hints)}; got {level}.")
    _hints_shown[exercise_id] = max(level, _hints_shown.get(exercise_id, 0))
    more = " (that was the last one; solution() shows the answer)" if level == len(hints) else ""
    return Note("hint", f"{exercise_id}, {level} of {len(hints)}{more}", hints[level - 1])


def solution(exercise_id: str) -> Note:
    """The worked answer to ``exercise_id``: try ``hint`` first!"""
    exercise = get(exercise_id)
    release = edition.RELEASE
    if release is not None and not release.get("solutions"):
        return Note("solution", f"{exercise_id} · {exercise.title}",
                    f"Answers are withheld in this release of the course "
                    f"({release.get('name') or 'a graded class'}): your instructor hands them "
                    f"out when the work is graded. Try hint(\"{exercise_id}\") for the next "
                    f"hint, and check(\"{exercise_id}\") after each change.")
    text = solution_source(exercise_id)
    if text is None:      # the course package installed without the repository's solutions/
        return Note("solution", f"{exercise_id} · {exercise.title}",
                    f"The worked answers are the notebooks in the course repository's "
                    f"solutions/ folder, which is not next to this installation "
                    f"({SOLUTIONS_DIR} does not have one for chapter {exercise.chapter}). "
                    f"Open solutions/{exercise.chapter}_*.ipynb in a checkout of the course.")
    return Note("solution", f"{exercise_id} · {exercise.title}", text, code=True)


def solution_source(exercise_id: str, directory: Path = SOLUTIONS_DIR) -> str | None:
    """The answer cell of ``exercise_id`` in ``solutions/``, markers removed, or None."""
    chapter = exercise_id.split(".")[0]
    for path in sorted(directory.glob(f"{chapter}_*.ipynb")):
        try:
            cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        except (OSError, ValueError, KeyError):
            continue
        for cell in cells:
            meta = cell.get("metadata", {}).get("minigrad", {})
            source = "".join(cell.get("source", ""))
            first = source.splitlines()[0] if source else ""
            if meta.get("exercise") == exercise_id or first.strip() == f"# EXERCISE {exercise_id}":
                return "\n".join(line for line in source.splitlines()
                                 if line.strip() not in (BEGIN, END))
    return None
