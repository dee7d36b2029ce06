"""Learners' attempts at every exercise, each with the verdict it must get.

``tests/exercise_attempts/chNN/*.py`` are answer cells written the way learners write them,
from the exercise text in ``solutions/NN_*.ipynb`` and without the reference answers: correct
answers in other styles, wrong ones (in-place aliasing, state shared between instances,
mutable defaults, the wrong random generator, rules the text states), and shortcuts
through the library piece the exercise asks for.  Each file starts with

    # EXERCISE <id>
    # expect: correct | mistake: <name> | shortcut | incorrect: <phrase>
    # after: other.py ...      (optional: earlier answer cells of the notebook it relies on)

``mistake: <name>`` means the exercise's message for that known mistake (for an exercise
with its own judge, the name is a phrase of the judge's message); ``incorrect: <phrase>``
means "incorrect", with a message (or the failing case's description, which the learner sees
with it) that contains the phrase and names no known mistake.
Every attempt is checked as the notebook checks it (public cases) and as the grader does
(public and hidden cases): a wrong answer must already fail the public checks.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import numpy as np
import pytest

from classroom.exercises import CORRECT, INCORRECT, instructor
from classroom.exercises.registry import chapter, get

HERE = Path(__file__).resolve().parent / "exercise_attempts"
ATTEMPTS = sorted(HERE.glob("ch[0-9][0-9]/*.py"))
_HEADER = re.compile(r"# EXERCISE (\S+)\n# expect: (correct|shortcut|mistake: .+|incorrect: .+)\n")


def read(path: Path) -> tuple:
    """(exercise id, expectation, source) of an attempt file."""
    source = path.read_text(encoding="utf-8")
    found = _HEADER.match(source)
    if not found:
        raise ValueError(f"{path}: must start with '# EXERCISE <id>' and '# expect: ...'")
    return found.group(1), found.group(2), source


def answer_of(path: Path):
    """The attempt's answer, run as a notebook runs it: the chapter's setup cell, the earlier
    answer cells it names on an ``# after:`` line, then its own cell."""
    exercise_id, _, source = read(path)
    exercise = get(exercise_id)
    namespace = {"__name__": "__main__"}
    exec(compile(chapter(exercise.chapter).SETUP, "<setup>", "exec"), namespace)
    found = re.search(r"^# after: (.+)$", source, re.M)
    for earlier in (found.group(1).split() if found else ()):
        cell = path.parent / earlier
        exec(compile(cell.read_text(encoding="utf-8"), str(cell), "exec"), namespace)
    exec(compile(source, str(path), "exec"), namespace)
    return exercise, namespace[exercise.entry]


def problem(verdict, expect: str, exercise) -> str | None:
    """Why ``verdict`` is not what ``expect`` asks for, or None."""
    text = verdict.text()
    named = {m for m in exercise.mistakes.values() if m in verdict.message}
    if expect == CORRECT:
        return None if verdict.status == CORRECT else f"a correct answer was rejected: {text}"
    if verdict.status != INCORRECT:
        return f"a wrong answer was judged {verdict.status}: {text}"
    kind, _, detail = expect.partition(": ")
    if kind == "shortcut":
        if "asks you to write" not in verdict.message or "yourself" not in verdict.message:
            return f"a shortcut was not named as one: {text}"
        return None
    if kind == "mistake":
        wanted = exercise.mistakes.get(detail, detail)
        if wanted not in verdict.message:
            return f"expected the known mistake {detail!r}: {text}"
        return None
    if named:
        return f"named a known mistake for an answer that is not that mistake: {text}"
    if detail not in f"{verdict.message} (case: {verdict.case})":
        return f"expected a message (or case) containing {detail!r}: {text}"
    return None


@pytest.fixture
def restored_interpreter():
    """Attempts may raise the recursion limit or seed NumPy's global generator."""
    limit, state = sys.getrecursionlimit(), np.random.get_state()
    yield
    sys.setrecursionlimit(limit)
    np.random.set_state(state)


def test_the_corpus_covers_every_exercise_of_every_chapter():
    """New chapters' exercises follow the same rules: each needs right answers in two styles
    and at least one wrong one here."""
    from collections import Counter

    from classroom.exercises.registry import chapter_modules, exercises

    kinds = {}
    for path in ATTEMPTS:
        exercise_id, expect, _ = read(path)
        kinds.setdefault(exercise_id, Counter())[expect.split(":")[0]] += 1
    assert {p.parent.name[2:] for p in ATTEMPTS} == set(chapter_modules())
    for number in chapter_modules():
        for exercise in exercises(number):
            found = kinds.get(exercise.id, Counter())
            assert found["correct"] >= 2, f"{exercise.id}: two right answers, in two styles"
            assert found["mistake"] + found["incorrect"] >= 1, f"{exercise.id}: a wrong answer"
    total = sum(kinds.values(), Counter())
    assert sum(total.values()) >= 150 and total["shortcut"] >= 40, total


@pytest.mark.parametrize("path", ATTEMPTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_attempt_gets_its_verdict(path, restored_interpreter):
    _, expect, _ = read(path)
    exercise, answer = answer_of(path)
    for hidden in (None, instructor.hidden_part(exercise)):    # the notebook, the grader
        verdict = exercise.check(answer, hidden)
        wrong = problem(verdict, expect, exercise)
        assert wrong is None, f"{path.name} ({'grader' if hidden else 'notebook'}): {wrong}"
